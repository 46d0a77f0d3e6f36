import { describe, expect, it } from 'vitest';
import { parseSpeechSpec, splitArgv } from '../../../src-main/speech/spec.js';
import { throughPhoneLine } from '../../../src-main/speech/phone-line.js';
import { samplesOf, toSpeechWav, wavOf } from '../../../src-main/speech/wav.js';
import { wordErrors } from '../../../src-shared/speech/word-errors.js';
import wavefile from 'wavefile';

describe('speech specs', () => {
  it('reads openai, command and preset specs', () => {
    expect(parseSpeechSpec('openai:tts-1@http://127.0.0.1:8000/v1/', 'tts')).toEqual({
      engine: 'openai',
      model: 'tts-1',
      baseUrl: 'http://127.0.0.1:8000/v1',
      raw: 'openai:tts-1@http://127.0.0.1:8000/v1/',
    });
    expect(parseSpeechSpec('openai:whisper-1', 'stt')).toMatchObject({ engine: 'openai', model: 'whisper-1' });
    expect(parseSpeechSpec('command:espeak-ng -w {out} -- "{text}"', 'tts')).toMatchObject({
      engine: 'command',
      argv: ['espeak-ng', '-w', '{out}', '--', '{text}'],
    });
    expect(parseSpeechSpec('command:["say","-o","{out}","-f","{text_file}"]', 'tts')).toMatchObject({
      argv: ['say', '-o', '{out}', '-f', '{text_file}'],
    });
    expect(parseSpeechSpec('command:my-tts --text={text} -o {out}', 'tts')).toMatchObject({
      argv: ['my-tts', '--text={text}', '-o', '{out}'],
    });
    expect(parseSpeechSpec('whisper-cli:/m/ggml-base.en.bin', 'stt')).toMatchObject({
      preset: 'whisper-cli',
      model: '/m/ggml-base.en.bin',
      argv: ['whisper-cli', '-m', '/m/ggml-base.en.bin', '-f', '{in}', '-nt', '-np'],
    });
  });

  it('explains what was expected', () => {
    expect(() => parseSpeechSpec('pocketsphinx', 'tts')).toThrow(
      /pocketsphinx is a speech-to-text engine; for text-to-speech use flite, espeak-ng/,
    );
    expect(() => parseSpeechSpec('whisper-cli', 'stt')).toThrow(/whisper-cli needs a model file: whisper-cli:\/path/);
    expect(() => parseSpeechSpec('festival', 'tts')).toThrow(/unknown engine "festival"; expected openai:MODEL/);
    expect(() => parseSpeechSpec('openai:x@ftp://h', 'stt')).toThrow(/"ftp:\/\/h" is not an http\(s\) URL/);
    expect(() => parseSpeechSpec('command:say "{text}', 'tts')).toThrow(/unclosed " quote/);
  });

  it('splits argv without any shell expansion', () => {
    expect(splitArgv(`a 'b c' "d \\"e\\"" $(rm -rf) ;x`)).toEqual(['a', 'b c', 'd "e"', '$(rm', '-rf)', ';x']);
  });
});

describe('audio', () => {
  it('converts stereo 44.1 kHz float WAV to 16 kHz mono 16-bit', async () => {
    const w = new wavefile.WaveFile();
    const n = 44100;
    const left = Float32Array.from({ length: n }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 44100));
    w.fromScratch(2, 44100, '32f', [left, left]);
    const out = await toSpeechWav(Buffer.from(w.toBuffer()));
    expect(out.readUInt32LE(24)).toBe(16000);
    expect(out.readUInt16LE(22)).toBe(1);
    expect(out.readUInt16LE(34)).toBe(16);
    expect(Math.abs(samplesOf(out).length - 16000)).toBeLessThan(5);
  });

  it('the phone line is seeded: same seed, same samples; another seed, other noise', () => {
    const tone = wavOf(Int16Array.from({ length: 16000 }, (_, i) => Math.round(8000 * Math.sin(i / 3))));
    const a = throughPhoneLine(tone, { noise: 0.2, seed: 7 });
    const b = throughPhoneLine(tone, { noise: 0.2, seed: 7 });
    const c = throughPhoneLine(tone, { noise: 0.2, seed: 8 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(a.equals(tone)).toBe(false);
  });

  it('diffs said against heard by normalised words (the one reading src-shared/speech/word-errors.ts)', () => {
    const same = wordErrors('Your number is 415.', 'your number is four fifteen');
    expect(same.diff).toEqual([{ op: 'same', text: 'your number is 4 1 5' }]);
    expect(same.rate).toBe(0);
    const off = wordErrors('Your number is 415.', 'your number is four fifty');
    expect(off.diff).toEqual([
      { op: 'same', text: 'your number is 4' },
      { op: 'said', text: '1 5' },
      { op: 'heard', text: '5 0' },
    ]);
    expect(off.rate).toBeCloseTo(2 / 6);
  });
});
