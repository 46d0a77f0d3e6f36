import type { CheckResult, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { sharedRegexRunner } from './regex-runner.js';

export const DEFAULT_PATTERN_TIMEOUT_MS = 1000;

/**
 * `patterns`: regular expressions that must match somewhere in the spoken transcript (tested turn
 * by turn). Each runs in a worker with a time limit; a pattern that times out or does not compile
 * is a failed rule naming the pattern.
 */
export async function checkPatterns(
  transcript: TranscriptTurn[],
  patterns: string[],
  timeoutMs = DEFAULT_PATTERN_TIMEOUT_MS,
): Promise<CheckResult[]> {
  if (!patterns.length) return [];
  const spoken = transcript.map((t, i) => ({ t, i })).filter(({ t }) => t.role === 'agent' || t.role === 'caller');
  const runner = sharedRegexRunner();
  const out: CheckResult[] = [];
  for (const p of patterns) {
    const r = await runner.run(
      p,
      spoken.map(({ t }) => t.content),
      timeoutMs,
    );
    if (r.kind === 'match') {
      const turn = spoken[r.index].i;
      out.push({
        kind: 'pattern',
        target: p,
        passed: true,
        message: `matched "${r.match}" in turn ${turn} (${transcript[turn].role})`,
        details: { turn, match: r.match },
      });
    } else if (r.kind === 'no_match') {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern /${p}/ matches nothing in the transcript`,
      });
    } else if (r.kind === 'invalid') {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern /${p}/ is not a valid regular expression: ${r.error}`,
      });
    } else {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern /${p}/ took longer than ${timeoutMs} ms and was stopped (catastrophic backtracking?)`,
      });
    }
  }
  return out;
}
