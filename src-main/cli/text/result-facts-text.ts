import { TURN_METRICS, type Result, type Run, type TurnMetric } from '../../../src-shared/schemas/index.js';
import { speechLabel } from '../../../src-shared/run/speech-label.js';
import type { RoleFitness } from '../../../src-shared/readiness/fitness.js';
import { formatAudioSummary, formatCallerSpeech, formatSpeechErrors } from './audio-text.js';
import { invalidCallersText } from './caller-fidelity-text.js';
import { judgeRepeatsText } from './judge-repeats-text.js';
import { fitnessLines } from './fitness-text.js';

/**
 * The facts of a run's results beyond pass and fail, for `parley run` and `parley runs show` alike
 * (issue 24): caller fidelity, judge repeats and flips, turn quality, context trimming, what was
 * heard through speech, speech errors. One section per fact; a new stored fact adds one here.
 */

/** Lines under a run's header: how it used speech and the readiness cautions of its models. */
export function runHeaderNotes(run: Pick<Run, 'options'>, fitness: RoleFitness[] | undefined): string {
  const speech = speechLabel(run.options.speech);
  const lines = [
    ...(run.options.project_file ? [`project file  ${run.options.project_file}`] : []),
    ...(speech ? [`speech  ${speech}`] : []),
    ...fitnessLines(fitness),
  ];
  return lines.length ? lines.join('\n') + '\n' : '';
}

function turnQualityText(results: Result[]): string {
  const scored = results.flatMap((r) => r.turn_quality?.turns ?? []);
  if (!scored.length) return '';
  const mean = (m: TurnMetric) => scored.reduce((a, t) => a + t.scores[m], 0) / scored.length;
  return `turn quality (mean of ${scored.length} agent turns): ${TURN_METRICS.map((m) => `${m} ${mean(m).toFixed(2)}`).join('  ')}\n`;
}

function contextTrimmedText(results: Result[]): string {
  const trimmed = results.filter((r) => r.context_trimmed);
  if (!trimmed.length) return '';
  const dropped = trimmed.reduce((n, r) => n + (r.context_trimmed ?? 0), 0);
  return `context trimmed: ${trimmed.length} conversation(s) outgrew the model's context and had ${dropped} older message(s) dropped from its calls (${trimmed.map((r) => `${r.test} #${r.repeat + 1}: ${r.context_trimmed}`).join(', ')})\n`;
}

/** Every section that applies, each ending with a newline; empty ones are left out. */
export function resultFactsSections(run: Pick<Run, 'options'>, results: Result[]): string[] {
  return [
    invalidCallersText(results),
    judgeRepeatsText(results, run.options.judge_repeats),
    turnQualityText(results),
    contextTrimmedText(results),
    formatAudioSummary(results, run.options.speech),
    formatCallerSpeech(results),
    formatSpeechErrors(results),
  ].filter(Boolean);
}
