import { redact, redactUrl } from '../providers/shared/redact.js';
import { SpeechError, type SpeechErrorCode } from './types.js';
import { turnNumber } from '../../src-shared/text/turn-number.js';

export interface SpeechErrorContext {
  /** 'tts' or 'stt'. */
  role: 'tts' | 'stt';
  /** openai, command, or the preset name. */
  engine: string;
  model?: string;
  /** Base URL (openai) or the program (command). */
  where?: string;
}

/** `stt engine pocketsphinx (command /usr/bin/pocketsphinx_continuous): detail`, secrets redacted. */
export function speechError(ctx: SpeechErrorContext, code: SpeechErrorCode, detail: string): SpeechError {
  const where = ctx.where ? (/^https?:/i.test(ctx.where) ? redactUrl(ctx.where) : ctx.where) : undefined;
  const head = `${ctx.role} engine ${ctx.engine}${ctx.model ? ` model "${ctx.model}"` : ''}${where ? ` (${where})` : ''}`;
  return new SpeechError(redact(`${head}: ${detail}`), code, ctx.engine);
}

/** Prefixes an engine error with the conversation turn it happened on (runs; `index` 0-based, shown from 1). */
export function atTurn(index: number, role: string, err: unknown): string {
  return `turn ${turnNumber(index)} (${role}): ${(err as Error)?.message ?? String(err)}`;
}
