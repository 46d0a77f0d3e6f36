import { describe, expect, it } from 'vitest';
import { StepNotes } from '../../../../src-shared/run/step-note.js';
import { throttledSteps } from '../../../../src-main/engine/run/step-events.js';

const step = (test_index: number, text: string) =>
  ({ type: 'test.step', run_id: 'r', test_index, repeat: 0, turn: 1, text }) as const;

describe('a run’s slow steps as one progress line', () => {
  it('names the conversation by the order it started in, after what a resumed run had stored', () => {
    const notes = new StepNotes(5);
    expect(notes.apply({ type: 'run.started', run_id: 'r', total: 3 })).toBeUndefined();
    notes.apply({ type: 'test.started', run_id: 'r', test: 'a', test_index: 2, repeat: 0 });
    expect(notes.apply(step(2, 'turn 2, recognising the caller (speech)'))).toBe(
      'conversation 3 of 5: turn 2, recognising the caller (speech)',
    );
    // a step of a conversation this reader did not see start, then the shown one ends
    expect(notes.apply(step(9, 'x'))).toBe('a conversation: x');
    const end = {
      type: 'test.finished' as const,
      run_id: 'r',
      test: 'a',
      repeat: 0,
      status: 'pass' as const,
      result_id: 'res',
      duration_ms: 1,
    };
    expect(notes.apply({ ...end, test_index: 2 } as const)).toBeUndefined();
    expect(notes.apply({ ...end, test_index: 9 } as const)).toBe('');
  });

  it('with turns on, a finished turn is a step too, counted per conversation', () => {
    const notes = new StepNotes(4, { turns: true });
    notes.apply({ type: 'test.started', run_id: 'r', test: 'a', test_index: 0, repeat: 0 });
    const turn = { type: 'test.turn', run_id: 'r', test_index: 0, repeat: 0, turn: { role: 'agent', content: 'Hi' } };
    expect(notes.apply(turn as never)).toBe('conversation 1 of 4: 1 turn so far');
    expect(notes.apply(turn as never)).toBe('conversation 1 of 4: 2 turns so far');
    // without the option, turns say nothing
    expect(new StepNotes(4).apply(turn as never)).toBeUndefined();
  });

  it('passes on at most one step per gap', () => {
    let t = 0;
    const seen: string[] = [];
    const sink = throttledSteps(
      (_turn, text) => seen.push(text),
      250,
      () => t,
    );
    sink(0, 'a');
    t = 100;
    sink(1, 'b');
    t = 300;
    sink(2, 'c');
    expect(seen).toEqual(['a', 'c']);
  });
});
