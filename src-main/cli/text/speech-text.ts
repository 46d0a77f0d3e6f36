/** The speech lines of the human run report (issue 27): word error rates each way, turns not spoken, caller behaviours. */
import {
  perturbationCountsText,
  speechTurnsText,
  type SpeechRunReport,
} from '../../../src-shared/speech/speech-report.js';
import { verdictFlipsText, type VerdictFlips } from '../../../src-shared/speech/verdict-flips.js';
import { formatWer } from '../../../src-shared/speech/wer-summary.js';

/** The block; with `flips`, a line counting the checks whose verdict changed between the text and what was heard. */
export function speechText(s: SpeechRunReport | undefined, flips?: VerdictFlips | null): string {
  if (!s) return '';
  const out = ['SPEECH (normalised word error rate, 95% interval over conversations)'];
  if (s.agent_wer) out.push(`  agent as the caller heard it   ${formatWer(s.agent_wer)}`);
  if (s.caller_wer) out.push(`  caller as the agent heard it   ${formatWer(s.caller_wer)}`);
  if (s.spoken_turns) out.push(`  ${speechTurnsText(s)}`);
  if (flips) out.push(`  ${verdictFlipsText(flips)}`);
  if (s.not_spoken)
    out.push(`  ${s.not_spoken} turn${s.not_spoken === 1 ? '' : 's'} not spoken: longer than the speech length bound`);
  const callers = perturbationCountsText(s.perturbations);
  if (callers) out.push(`  callers: ${callers}`);
  return `${out.join('\n')}\n`;
}
