import { describe, expect, it } from 'vitest';
import { speechProperties } from '../../../src-main/reports/junit-speech.js';
import { toJUnitXml } from '../../../src-main/reports/junit.js';
import { mkRun } from '../compare/build.js';
import { speechResults, textOnlyResult } from './speech-results.js';

describe('speechProperties: a run’s speech figures as JUnit properties (issue 27)', () => {
  it('gives both word error rates with their interval, the turn counts and every caller behaviour', () => {
    expect(speechProperties(speechResults())).toEqual({
      wer_agent: '0.1500',
      wer_agent_low: '0.0520',
      wer_agent_high: '0.2480',
      wer_agent_words: '40',
      wer_agent_conversations: '2',
      // one conversation: no interval
      wer_caller: '0.2000',
      wer_caller_words: '5',
      wer_caller_conversations: '1',
      speech_spoken_turns: '5',
      speech_cached_turns: '1',
      speech_shared_turns: '1',
      speech_not_spoken: '1',
      speech_errors: '1',
      perturbation_barge_ins: '1',
      perturbation_silences: '1',
      perturbation_reprompts: '1',
      perturbation_noisy_turns: '1',
      perturbation_dropouts: '2',
      perturbation_no_answer_endings: '1',
    });
  });

  it('gives nothing for a run that used no speech and no caller behaviour', () => {
    expect(speechProperties([textOnlyResult()])).toEqual({});
    expect(speechProperties([])).toEqual({});
  });

  it('leaves out a rate when no word was said, keeping the counts', () => {
    const r = textOnlyResult();
    r.transcript[0] = {
      role: 'agent',
      content: '',
      heard: '',
      speech: { word_errors: { words: 0, substitutions: 0, deletions: 0, insertions: 0 } },
    };
    const props = speechProperties([r]);
    expect(Object.keys(props).filter((k) => k.startsWith('wer_'))).toEqual([]);
    expect(props).toMatchObject({
      speech_spoken_turns: '1',
      speech_cached_turns: '0',
      speech_shared_turns: '0',
      speech_errors: '0',
    });
  });

  it('puts them in the suite’s <properties>', () => {
    const xml = toJUnitXml(mkRun({ id: 'run_v', agent_name: 'Clinic', suite_name: 'voice' }), speechResults());
    expect(xml).toContain('<property name="wer_agent" value="0.1500"/>');
    expect(xml).toContain('<property name="wer_agent_high" value="0.2480"/>');
    expect(xml).toContain('<property name="perturbation_no_answer_endings" value="1"/>');
    expect(toJUnitXml(mkRun({ id: 'run_t' }), [textOnlyResult()])).not.toContain('wer_agent');
  });
});
