import type { RunEvent } from '../contract/events.js';
import { testKey } from './live.js';

/**
 * A run's latest slow step as one line for its progress ("conversation 2 of 5: turn 3, recognising the
 * caller (speech)"), from its events: the run job's note (src-main/app/runs) and the command line's bar.
 * A conversation's place is the order it started in (after what a resumed run had stored).
 */
export class StepNotes {
  private readonly place = new Map<string, number>();
  private base = 0;
  private started = 0;
  private current: string | undefined;
  private readonly turns = new Map<string, number>();

  /**
   * `opts.turns`: a finished turn of a conversation is a step too ("conversation 2 of 4: 3 turns so far"), so a job
   * on a slow local model shows more than "0 of 4" (the app's job note and the command line's progress).
   */
  constructor(
    private total: number | null = null,
    private readonly opts: { turns?: boolean } = {},
  ) {}

  private placeOf(key: string): string {
    const place = this.place.get(key);
    const of = this.total !== null ? ` of ${this.total}` : '';
    return place !== undefined ? `conversation ${place}${of}` : 'a conversation';
  }

  /** The new note after the event: a line, '' when the step shown is over, undefined when unchanged. */
  apply(e: RunEvent): string | undefined {
    if (e.type === 'run.started') {
      this.total ??= e.total;
      this.base = Math.max(0, (this.total ?? e.total) - e.total);
    }
    if (e.type === 'test.started') this.place.set(testKey(e.test_index, e.repeat), this.base + ++this.started);
    if (e.type === 'test.step') {
      const key = testKey(e.test_index, e.repeat);
      this.current = key;
      return `${this.placeOf(key)}: ${e.text}`;
    }
    if (e.type === 'test.turn' && this.opts.turns) {
      const key = testKey(e.test_index, e.repeat);
      const n = (this.turns.get(key) ?? 0) + 1;
      this.turns.set(key, n);
      this.current = key;
      return `${this.placeOf(key)}: ${n} turn${n === 1 ? '' : 's'} so far`;
    }
    if (e.type === 'test.finished' && this.current === testKey(e.test_index, e.repeat)) {
      this.current = undefined;
      return '';
    }
    return undefined;
  }
}
