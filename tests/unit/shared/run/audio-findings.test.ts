import { describe, expect, it } from 'vitest';
import { audioLosses, audioOnlyFailure, misheardTurns } from '../../../../src-shared/run/audio-findings.js';
import { speechEngineName, speechLabel } from '../../../../src-shared/run/speech-label.js';
import { mkResult, turn } from '../../compare/build.js';

const metric = (criterion: string, score: number) => ({
  criterion,
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning: '',
});

describe('audioLosses', () => {
  const r = mkResult({
    test: 't',
    transcript: [
      { ...turn('agent', 'Hello, welcome.'), heard: 'hello welcome' },
      { ...turn('caller', 'hi'), heard: 'high' },
      { ...turn('agent', 'Your number is 415 555 1234.'), heard: 'your number is for one five' },
      { ...turn('agent', 'Goodbye.'), heard: 'good buy' },
    ],
    rules: [
      { kind: 'includes', target: 'agent:415 555 1234', passed: true, message: '' },
      { kind: 'excludes', target: 'SSN', passed: true, message: '' },
    ],
    audio_rules: [
      { kind: 'includes', target: 'agent:415 555 1234', passed: false, message: 'missing "415 555 1234"' },
      { kind: 'excludes', target: 'SSN', passed: true, message: '' },
    ],
    metrics: [metric('Reads back', 0.9), metric('Polite', 0.4)],
    audio_metrics: [metric('Reads back', 0.3), metric('Polite', 0.2)],
  });

  it('only agent turns heard differently count as misheard (case and punctuation aside)', () => {
    expect(misheardTurns(r).map((t) => t.index)).toEqual([2, 3]);
  });

  it('lists each check that passed on the text and failed on what was heard, with the turns that say its words', () => {
    expect(audioLosses(r)).toEqual([
      {
        check: 'rule',
        label: 'includes "agent:415 555 1234"',
        reason: 'missing "415 555 1234"',
        turns: [{ index: 2, said: 'Your number is 415 555 1234.', heard: 'your number is for one five' }],
      },
      {
        check: 'metric',
        label: 'metric "Reads back"',
        reason: '0.90 on the text, 0.30 on what was heard (threshold 0.70)',
        turns: [
          { index: 2, said: 'Your number is 415 555 1234.', heard: 'your number is for one five' },
          { index: 3, said: 'Goodbye.', heard: 'good buy' },
        ],
      },
    ]);
    // "Polite" failed on the text already: not a loss in speech
    expect(audioOnlyFailure(r)).toBe(true);
    expect(audioOnlyFailure({ ...r, status: 'fail' })).toBe(false);
  });
});

describe('speechLabel', () => {
  it('names what the run did and the engines it used', () => {
    expect(
      speechLabel({
        tts: 'espeak-ng',
        stt: 'whisper:/m/ggml-base.en.bin',
        audio_eval: true,
        caller_speech: true,
        phone_noise: 0.1,
        engines: {
          tts: { engine: 'command', preset: 'espeak-ng' },
          stt: { engine: 'whisper', model: '/m/ggml-base.en.bin' },
        },
      }),
    ).toBe('audio eval · caller via STT · espeak-ng -> whisper ggml-base.en.bin · phone line noise 0.1');
    expect(speechLabel({ tts: 'espeak-ng', stt: 'pocketsphinx' })).toBeNull();
    expect(speechLabel(undefined)).toBeNull();
  });

  it('without a recorded identity, reads the spec', () => {
    expect(speechEngineName('openai:gpt-4o-mini-tts@http://localhost:8080/v1')).toBe('openai gpt-4o-mini-tts');
    expect(speechEngineName('command:/usr/bin/flite -t {text} -o {out}')).toBe('flite');
    expect(speechEngineName('pocketsphinx')).toBe('pocketsphinx');
    expect(speechEngineName('piper:/v/en_US-amy.onnx')).toBe('piper en_US-amy.onnx');
  });
});
