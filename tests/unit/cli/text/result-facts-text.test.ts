import { describe, expect, it } from 'vitest';
import { resultFactsSections, runHeaderNotes } from '../../../../src-main/cli/text/result-facts-text.js';
import { mkResult, mkRun, turn } from '../../compare/build.js';

const rule = (passed: boolean) => ({
  kind: 'includes',
  target: 'agent:415 555 1234',
  passed,
  message: passed ? '' : 'transcript does not contain "415 555 1234"',
});
const metric = (score: number, judgements?: { score: number; passed: boolean }[]) => ({
  criterion: 'Reads back',
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning: '',
  ...(judgements ? { judgements, flips: judgements.filter((j) => !j.passed).length } : {}),
});
const speech = {
  tts: 'espeak-ng',
  stt: 'pocketsphinx',
  audio_eval: true,
  caller_speech: true,
  engines: {
    tts: { engine: 'command' as const, preset: 'espeak-ng' },
    stt: { engine: 'command' as const, preset: 'pocketsphinx' },
  },
};
const run = mkRun({ id: 'run_v', options: { concurrency: 4, speech, judge_repeats: 3 } });

describe('the facts of a run beyond pass and fail (parley run, parley runs show)', () => {
  const results = [
    mkResult({
      test: 'reads the number',
      transcript: [
        { ...turn('agent', 'Your reference number is 415 555 1234.'), heard: 'your reference number is for one five' },
        { ...turn('caller', 'Thanks, bye'), heard: 'thanks by' },
      ],
      rules: [rule(true)],
      audio_rules: [rule(false)],
      metrics: [
        metric(0.9, [
          { score: 0.9, passed: true },
          { score: 0.2, passed: false },
          { score: 0.9, passed: true },
        ]),
      ],
      audio_metrics: [metric(0.3)],
      caller_fidelity: { in_character: 0.9, pursued_goal: 0.8, score: 0.8, reasoning: 'stayed the patient' },
      context_trimmed: 4,
    }),
    mkResult({
      test: 'silent engine',
      test_index: 1,
      transcript: [
        { ...turn('agent', 'Hello'), speech_error: 'turn 0 (agent): stt engine pocketsphinx: silent audio' },
      ],
      audio_error: 'turn 0 (agent): stt engine pocketsphinx: silent audio',
    }),
  ];
  const text = resultFactsSections(run, results).join('\n');

  it('AUDIO: how many checks passed on the text and failed on what was heard, each with the said and heard words', () => {
    expect(text).toContain(
      'AUDIO (espeak-ng -> pocketsphinx): 2 checks passed on the text and failed on what was heard (2 conversations heard through speech)',
    );
    expect(text).toContain(
      '  reads the number #1: includes "agent:415 555 1234" lost in speech: transcript does not contain "415 555 1234"',
    );
    expect(text).toContain('    turn 1 said:  Your reference number is 415 555 1234.');
    expect(text).toContain('           heard: your reference number is for one five');
    expect(text).toContain(
      '  reads the number #1: metric "Reads back" lost in speech: 0.90 on the text, 0.30 on what was heard',
    );
    expect(text).toContain('AUDIO FAILED in 1 conversation (their text verdicts stand):');
  });

  it('what the agent received from the caller, speech errors, judge flips, caller fidelity and context trimming', () => {
    expect(text).toContain(
      'CALLER VIA STT: 1 of 1 caller turn reached the agent differently from what the caller said',
    );
    expect(text).toContain('    turn 2 said:  Thanks, bye');
    expect(text).toContain(
      'SPEECH ERRORS in 1 turn:\n  silent engine #1: turn 0 (agent): stt engine pocketsphinx: silent audio',
    );
    expect(text).toContain('judge repeats (3 judgements per conversation, majority verdict):');
    expect(text).toContain('caller fidelity: every simulated caller stayed in character (1 checked)');
    expect(text).toContain('context trimmed: 1 conversation(s) outgrew');
  });

  it('a run header names how it used speech', () => {
    expect(runHeaderNotes(run, [])).toBe('speech  audio eval · caller via STT · espeak-ng -> pocketsphinx\n');
    expect(runHeaderNotes(mkRun({ id: 'r' }), undefined)).toBe('');
  });
});
