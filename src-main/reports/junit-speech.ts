import type { Result } from '../../src-shared/schemas/index.js';
import { speechRunReport } from '../../src-shared/speech/speech-report.js';
import type { WerInterval } from '../../src-shared/speech/wer-summary.js';

const f = (x: number) => x.toFixed(4);

function wer(prefix: string, w: WerInterval | undefined): Record<string, string> {
  if (!w || w.rate === null) return {};
  return {
    [prefix]: f(w.rate),
    ...(w.low !== null && w.high !== null ? { [`${prefix}_low`]: f(w.low), [`${prefix}_high`]: f(w.high) } : {}),
    [`${prefix}_words`]: String(w.words),
    [`${prefix}_conversations`]: String(w.conversations),
  };
}

/**
 * A run's speech figures as JUnit <properties> (issue 27): wer_agent (the agent as the caller heard it) and
 * wer_caller with their 95% interval, speech_not_spoken, speech_cached_turns, speech_shared_turns, and the callers' behaviours
 * (perturbation_barge_ins, perturbation_silences, ...). Nothing when the run used no speech.
 */
export function speechProperties(results: Result[]): Record<string, string> {
  const s = speechRunReport(results);
  if (!s) return {};
  return {
    ...wer('wer_agent', s.agent_wer),
    ...wer('wer_caller', s.caller_wer),
    speech_spoken_turns: String(s.spoken_turns),
    speech_cached_turns: String(s.cached_turns),
    speech_shared_turns: String(s.shared_turns),
    speech_not_spoken: String(s.not_spoken),
    speech_errors: String(s.speech_errors),
    ...Object.fromEntries(Object.entries(s.perturbations).map(([k, v]) => [`perturbation_${k}`, String(v)])),
  };
}
