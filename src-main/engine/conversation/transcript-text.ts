import type { TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';

export interface RenderOptions {
  /**
   * Prefix every line with its turn number `[n]`, counted from 1 as on screen (src-shared/text/turn-number.ts);
   * a model cites these, and turnIndex maps them back to the stored index.
   */
  numbered?: boolean;
  /** Only the last N turns. */
  lastTurns?: number;
  /**
   * With lastTurns: move the window's start in steps of a quarter window instead of one turn at a
   * time, so consecutive renderings of a growing transcript share their beginning (a server's prefix
   * cache keeps it) and only grow at the end; between 3/4 of lastTurns and lastTurns turns are shown.
   */
  stableWindow?: boolean;
  includeTools?: boolean;
  /** Cut each turn's text to this many characters. */
  maxTurnChars?: number;
}

/** The transcript as plain lines: `agent: ...`, `caller: ...`, `tool lookup_order: {...}`. */
export function renderTranscript(turns: TranscriptTurn[], opts: RenderOptions = {}): string {
  const start =
    opts.lastTurns === undefined
      ? 0
      : opts.stableWindow
        ? stableWindowStart(turns.length, opts.lastTurns)
        : Math.max(0, turns.length - opts.lastTurns);
  const lines: string[] = [];
  for (let i = start; i < turns.length; i++) {
    const t = turns[i];
    if (t.role === 'tool' && !opts.includeTools) continue;
    let text = spokenText(t);
    if (opts.maxTurnChars && text.length > opts.maxTurnChars) text = text.slice(0, opts.maxTurnChars) + '…';
    const who = t.role === 'tool' ? `tool ${t.tool ?? ''}`.trim() : t.role;
    lines.push(`${opts.numbered ? `[${turnNumber(i)}] ` : ''}${who}: ${text}`);
  }
  return lines.length ? lines.join('\n') : '(nothing said yet)';
}

/**
 * A turn as the judge reads it (issue 27): a silent caller turn says so, and an agent turn the caller cut
 * into says where it was cut (its content is only what was said before).
 */
export function spokenText(t: Pick<TranscriptTurn, 'content' | 'perturbation'>): string {
  const p = t.perturbation;
  if (p?.silence_ms !== undefined && !t.content) return `(silent for ${Math.round(p.silence_ms / 1000)} s)`;
  if (p?.interrupted) return `${t.content} [cut off: the caller started talking]`.trim();
  return t.content;
}

/** The first turn shown of `count` when at most `window` are: a multiple of a quarter window (see RenderOptions.stableWindow). */
export function stableWindowStart(count: number, window: number): number {
  if (count <= window) return 0;
  const step = Math.max(1, Math.floor(window / 4));
  return Math.ceil((count - window) / step) * step;
}
