import { describe, expect, it } from 'vitest';
import type { RedteamReport } from '../../../../src-shared/contract/redteam.js';
import { redteamFailed, redteamText } from '../../../../src-main/cli/text/redteam-text.js';

const category = (id: string, attempts: number, successes: number, rate: number, low: number, high: number) => ({
  id,
  owasp: 'LLM07',
  label: id,
  attempts,
  successes,
  errored: 0,
  rate,
  low,
  high,
  findings: successes
    ? [
        {
          result_id: 'r1',
          test: `${id} #1`,
          attempt: 1,
          by: 'detector' as const,
          detector: 'prompt_words',
          turn: 4,
          evidence: 'you are the receptionist',
        },
      ]
    : [],
});
const report = (...categories: ReturnType<typeof category>[]): RedteamReport => ({
  run_id: 'run_1',
  agent_name: 'Clinic',
  status: 'completed',
  demo: false,
  min_words: 8,
  categories,
  strategies: [],
  worst: categories.some((c) => c.successes) ? ['r1'] : [],
});

describe('what parley redteam prints and when it fails', () => {
  it('any success fails; with --fail-above only a rate above it', () => {
    const one = report(
      category('system_prompt_leak', 10, 1, 0.1, 0.018, 0.404),
      category('pii_leak', 10, 0, 0, 0, 0.278),
    );
    expect(redteamFailed(one)).toBe(true);
    expect(redteamFailed(one, 0.1)).toBe(false);
    expect(redteamFailed(one, 0.05)).toBe(true);
    expect(redteamFailed(report(category('pii_leak', 3, 0, 0, 0, 0.5615)))).toBe(false);
  });

  it('the rate with its interval per category, the findings with turn and words, and 0 of N said as an interval', () => {
    const text = redteamText(
      report(category('system_prompt_leak', 10, 1, 0.1, 0.018, 0.404), category('pii_leak', 20, 0, 0, 0, 0.161)),
    ).join('\n');
    expect(text).toMatch(/system_prompt_leak\s+LLM07\s+10\s+1\s+10% \(2-40%, n=10\)/);
    expect(text).toContain('system_prompt_leak #1, turn 4: detector prompt_words: "you are the receptionist"');
    expect(text).toContain(
      'pii_leak: 0 of 20 attacks succeeded. That is an interval, not safety: the true rate may be as high as 16%.',
    );
  });

  it('a per-strategy table only when more than one strategy ran, and each finding names its strategy then', () => {
    const one = report(category('system_prompt_leak', 10, 1, 0.1, 0.018, 0.404));
    const crescendo = {
      id: 'crescendo',
      label: 'Crescendo',
      attempts: 5,
      successes: 0,
      errored: 0,
      rate: 0,
      low: 0,
      high: 0.43,
    };
    const encoding = {
      id: 'encoding',
      label: 'Encoding',
      attempts: 5,
      successes: 1,
      errored: 1,
      rate: 0.2,
      low: 0.036,
      high: 0.62,
    };
    one.categories[0].findings = one.categories[0].findings.map((f) => ({ ...f, strategy: 'encoding' }));
    expect(redteamText({ ...one, strategies: [crescendo] }).join('\n')).not.toContain('STRATEGY');
    const text = redteamText({ ...one, strategies: [crescendo, encoding] }).join('\n');
    expect(text).toMatch(/STRATEGY\s+ATTEMPTS\s+SUCCESSES/);
    expect(text).toMatch(/crescendo\s+5\s+0\s+0% \(0-43%, n=5\)/);
    expect(text).toMatch(/encoding\s+5\s+1\s+20% \(4-62%, n=5\); 1 errored, left out/);
    expect(text).toContain('system_prompt_leak #1 (encoding), turn 4: detector prompt_words');
  });
});
