import type { TranscriptTurn } from '../schemas/run.js';

const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * What the simulated phone caller did to a turn, in words (run page, CLI): "cut off after 4 of 12 words
 * at 1.6 s", "the caller cut in", "silent for 12 s", "re-prompt", "street noise at 10 dB", "2 dropouts", and a
 * caller's voice and rate.
 * Empty when nothing was done.
 */
export function perturbationText(t: Pick<TranscriptTurn, 'role' | 'perturbation' | 'speech'>): string {
  const p = t.perturbation;
  const out: string[] = [];
  if (p?.interrupted)
    out.push(
      `cut off after ${p.interrupted.words_said} of ${p.interrupted.words_total} words at ${secs(p.interrupted.at_ms)}`,
    );
  if (p?.barge_in) out.push('the caller cut in');
  if (p?.silence_ms !== undefined) out.push(`silent for ${secs(p.silence_ms)}`);
  if (p?.reprompt) out.push('re-prompt after silence');
  if (p?.noise) out.push(`${p.noise.kind} noise at ${p.noise.snr_db} dB`);
  if (p?.dropouts?.length) out.push(`${p.dropouts.length} dropout${p.dropouts.length === 1 ? '' : 's'}`);
  // the caller's voice and pace (the agent always speaks with the engine's first voice)
  const s = t.role === 'caller' ? t.speech : undefined;
  if (s?.voice || s?.rate) out.push(`voice ${s.voice ?? 'default'}${s.rate ? ` at ${s.rate}x` : ''}`);
  return out.join('; ');
}
