/** The audio lines of the human run report and of `parley audio-eval` (issue 11). */
import type { Result } from '../../../src-shared/schemas/index.js';
import { lostInSpeech } from '../../app/audio-eval.js';

export function formatAudioSummary(results: Result[]): string {
  const evaluated = results.filter((r) => r.audio_rules || r.audio_metrics || r.audio_error);
  if (!evaluated.length) return '';
  const lines: string[] = [];
  const failed = evaluated.filter((r) => r.audio_error);
  const lost = evaluated.reduce((n, r) => n + lostInSpeech(r), 0);
  lines.push(
    `audio: ${evaluated.length} conversation(s) heard through speech; ${lost} check(s) passed on the text and failed on what was heard${failed.length ? `; ${failed.length} with the audio part failed` : ''}`,
  );
  for (const r of evaluated) {
    for (const a of r.audio_rules ?? [])
      if (!a.passed && r.rules.some((t) => t.kind === a.kind && t.target === a.target && t.passed))
        lines.push(`  ${r.test} #${r.repeat}: ${a.kind} "${a.target}" lost in speech: ${a.message}`);
    for (const a of r.audio_metrics ?? [])
      if (!a.passed && r.metrics.some((t) => t.criterion === a.criterion && t.passed))
        lines.push(
          `  ${r.test} #${r.repeat}: metric "${a.criterion}" ${a.score.toFixed(2)} < ${a.threshold} on what was heard`,
        );
    if (r.audio_error) lines.push(`  ${r.test} #${r.repeat}: ${r.audio_error}`);
  }
  return lines.join('\n') + '\n';
}
