import { describe, expect, it } from 'vitest';
import { verdictFlips, verdictFlipsText } from '../../../../src-shared/speech/verdict-flips.js';
import { speechText } from '../../../../src-main/cli/text/speech-text.js';
import { speechRunReport } from '../../../../src-shared/speech/speech-report.js';
import { speechResults } from '../../reports/speech-results.js';

const rule = (target: string, passed: boolean) => ({ kind: 'includes' as const, target, passed, message: '' });
const metric = (criterion: string, passed: boolean) => ({
  criterion,
  score: passed ? 0.9 : 0.2,
  threshold: 0.7,
  passed,
  reasoning: '',
});

describe('verdictFlips: checks whose verdict changed between the text and what was heard', () => {
  it('pairs rules by kind and target and metrics by criterion, and counts each way', () => {
    const results = [
      {
        rules: [rule('415 555 1234', true), rule('goodbye', true)],
        metrics: [metric('Books', true)],
        audio_rules: [rule('415 555 1234', false), rule('goodbye', true)],
        audio_metrics: [metric('Books', false)],
      },
      {
        rules: [rule('goodbye', false)],
        metrics: [],
        audio_rules: [rule('goodbye', true)],
        audio_metrics: [],
      },
      { rules: [rule('goodbye', true)], metrics: [] },
    ];
    const f = verdictFlips(results)!;
    expect(f).toEqual({ conversations: 2, checks: 4, lost: 2, gained: 1, conversations_flipped: 2 });
    expect(verdictFlipsText(f)).toBe(
      '3 of 4 checks flipped between the text and what was heard (2 passed on the text and failed when heard, 1 failed on the text and passed when heard), in 2 of 2 conversations',
    );
  });

  it('is null when nothing was judged on what was heard, and says 0 when nothing flipped', () => {
    expect(verdictFlips([{ rules: [rule('a', true)], metrics: [] }])).toBeNull();
    const f = verdictFlips([{ rules: [rule('a', true)], metrics: [], audio_rules: [rule('a', true)] }])!;
    expect(verdictFlipsText(f)).toBe(
      '0 of 1 check flipped between the text and what was heard, in 0 of 1 conversation',
    );
  });

  it('the CLI SPEECH block prints the count after the turns line', () => {
    const f = { conversations: 2, checks: 4, lost: 1, gained: 0, conversations_flipped: 1 };
    const text = speechText(speechRunReport(speechResults()), f);
    expect(text).toContain(
      '1 failed\n  1 of 4 checks flipped between the text and what was heard (1 passed on the text and failed when heard), in 1 of 2 conversations\n',
    );
  });
});
