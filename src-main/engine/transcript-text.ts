import type { TranscriptTurn } from '../../src-shared/schemas/index.js';

export interface RenderOptions {
  /** Prefix every line with its transcript index `[i]` (the judge cites them). */
  numbered?: boolean;
  /** Only the last N turns. */
  lastTurns?: number;
  includeTools?: boolean;
  /** Cut each turn's text to this many characters. */
  maxTurnChars?: number;
}

/** The transcript as plain lines: `agent: ...`, `caller: ...`, `tool lookup_order: {...}`. */
export function renderTranscript(turns: TranscriptTurn[], opts: RenderOptions = {}): string {
  const start = opts.lastTurns !== undefined ? Math.max(0, turns.length - opts.lastTurns) : 0;
  const lines: string[] = [];
  for (let i = start; i < turns.length; i++) {
    const t = turns[i];
    if (t.role === 'tool' && !opts.includeTools) continue;
    let text = t.content;
    if (opts.maxTurnChars && text.length > opts.maxTurnChars) text = text.slice(0, opts.maxTurnChars) + '…';
    const who = t.role === 'tool' ? `tool ${t.tool ?? ''}`.trim() : t.role;
    lines.push(`${opts.numbered ? `[${i}] ` : ''}${who}: ${text}`);
  }
  return lines.length ? lines.join('\n') : '(nothing said yet)';
}
