import { describe, expect, it } from 'vitest';
import { speechText } from '../../../../src-main/cli/text/speech-text.js';
import { speechRunReport, type SpeechRunReport } from '../../../../src-shared/speech/speech-report.js';
import { speechResults, textOnlyResult } from '../../reports/speech-results.js';

const noBehaviour = {
  barge_ins: 0,
  silences: 0,
  reprompts: 0,
  noisy_turns: 0,
  dropouts: 0,
  no_answer_endings: 0,
};

describe('speechText: the SPEECH block of the human run report (issue 27)', () => {
  it('prints both rates with their interval, the turns through speech, the turns not spoken and the callers', () => {
    expect(speechText(speechRunReport(speechResults()))).toBe(
      [
        'SPEECH (normalised word error rate, 95% interval over conversations)',
        '  agent as the caller heard it   15.0% (5.2-24.8%, 2 conversations, 40 words)',
        '  caller as the agent heard it   20.0% (1 conversation, 5 words)',
        '  5 turns through speech, 1 from the speech cache, 1 shared with an identical turn in flight, 1 failed',
        '  1 turn not spoken: longer than the speech length bound',
        '  callers: 1 barge-in, 1 silence, 1 re-prompt, 1 noisy caller turn, 2 dropouts, 1 call ended for no answer',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing for a run without speech', () => {
    expect(speechText(undefined)).toBe('');
    expect(speechText(speechRunReport([textOnlyResult()]))).toBe('');
  });

  it('says n/a for a rate over no words, counts in the singular and plural, and no callers line when they did nothing', () => {
    const s: SpeechRunReport = {
      agent_wer: { turns: 1, words: 0, errors: 0, rate: null, conversations: 1, low: null, high: null },
      spoken_turns: 1,
      cached_turns: 0,
      shared_turns: 0,
      not_spoken: 2,
      speech_errors: 0,
      perturbations: noBehaviour,
    };
    expect(speechText(s)).toBe(
      [
        'SPEECH (normalised word error rate, 95% interval over conversations)',
        '  agent as the caller heard it   n/a (no words)',
        '  1 turn through speech, 0 from the speech cache, 0 shared with an identical turn in flight',
        '  2 turns not spoken: longer than the speech length bound',
        '',
      ].join('\n'),
    );
  });

  it('prints the callers line alone for a text run whose callers went quiet and cut in', () => {
    const s: SpeechRunReport = {
      spoken_turns: 0,
      cached_turns: 0,
      shared_turns: 0,
      not_spoken: 0,
      speech_errors: 0,
      perturbations: { ...noBehaviour, barge_ins: 3, silences: 2, reprompts: 2 },
    };
    expect(speechText(s)).toBe(
      [
        'SPEECH (normalised word error rate, 95% interval over conversations)',
        '  callers: 3 barge-ins, 2 silences, 2 re-prompts',
        '',
      ].join('\n'),
    );
  });
});
