/** The speech lines of the human run report, `parley runs show` and `parley audio-eval` (issues 11, 24). */
import type { Result, RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import {
  audioEvaluated,
  audioLosses,
  normalizeSpoken,
  speechErrors,
  type HeardTurn,
} from '../../../src-shared/run/audio-findings.js';
import { speechEnginesText } from '../../../src-shared/run/speech-label.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const who = (r: Result) => `${r.test} #${r.repeat + 1}`;

function heardLines(t: HeardTurn, indent: string): string[] {
  return [
    `${indent}turn ${t.index + 1} said:  ${t.said}`,
    `${indent}${' '.repeat(String(t.index + 1).length + 5)} heard: ${t.heard}`,
  ];
}

/**
 * "AUDIO (espeak-ng -> pocketsphinx): 3 checks passed on the text and failed on what was heard", then
 * each check with the words said and heard; the conversations whose audio part failed; empty when no
 * conversation was heard through speech.
 */
export function formatAudioSummary(results: Result[], speech?: RunSpeechOptions): string {
  const evaluated = results.filter(audioEvaluated);
  if (!evaluated.length) return '';
  const engines = speech ? speechEnginesText(speech) : null;
  const losses = evaluated.map((r) => ({ r, lost: audioLosses(r) })).filter((x) => x.lost.length);
  const lost = losses.reduce((n, x) => n + x.lost.length, 0);
  const heard = `${plural(evaluated.length, 'conversation')} heard through speech`;
  const lines = [
    lost
      ? `AUDIO${engines ? ` (${engines})` : ''}: ${plural(lost, 'check')} passed on the text and failed on what was heard (${heard})`
      : `AUDIO${engines ? ` (${engines})` : ''}: every check that passed on the text passed on what was heard too (${heard})`,
  ];
  for (const { r, lost: ls } of losses)
    for (const l of ls) {
      lines.push(`  ${who(r)}: ${l.label} lost in speech: ${l.reason}`);
      for (const t of l.turns) lines.push(...heardLines(t, '    '));
    }
  const failed = evaluated.filter((r) => r.audio_error);
  if (failed.length) {
    lines.push(`AUDIO FAILED in ${plural(failed.length, 'conversation')} (their text verdicts stand):`);
    for (const r of failed) lines.push(`  ${who(r)}: ${r.audio_error}`);
  }
  return lines.join('\n') + '\n';
}

/** Caller turns the agent received through speech recognition differently from what the caller said. */
export function formatCallerSpeech(results: Result[]): string {
  const spoken = results.flatMap((r) =>
    r.transcript.flatMap((t, index) => (t.role === 'caller' && t.heard !== undefined ? [{ r, t, index }] : [])),
  );
  if (!spoken.length) return '';
  const differ = spoken.filter(({ t }) => normalizeSpoken(t.heard!) !== normalizeSpoken(t.content));
  const lines = [
    `CALLER VIA STT: ${differ.length} of ${plural(spoken.length, 'caller turn')} reached the agent differently from what the caller said`,
  ];
  for (const { r, t, index } of differ.slice(0, 5)) {
    lines.push(`  ${who(r)}:`);
    lines.push(...heardLines({ index, said: t.content, heard: t.heard! }, '    '));
  }
  if (differ.length > 5) lines.push(`  ... and ${differ.length - 5} more (--json has every turn's heard text)`);
  return lines.join('\n') + '\n';
}

/** Turns whose speech round trip failed (the conversation and its text verdicts are kept). */
export function formatSpeechErrors(results: Result[]): string {
  const errors = results.flatMap((r) => speechErrors(r).map((e) => `  ${who(r)}: ${e}`));
  if (!errors.length) return '';
  return [`SPEECH ERRORS in ${plural(errors.length, 'turn')}:`, ...errors].join('\n') + '\n';
}
