/**
 * `whisper:FILE` through the real @fugood/whisper.node binding (prebuilt linux x64 CPU) on a tiny
 * random-weight whisper model the tests write (tests/fixtures/tiny-whisper). Loading is real; see
 * docs/voice.md for what transcription does with binding 1.1.3 on this model.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSpeechRegistry,
  parseSpeechSpec,
  releaseWhisperModels,
  SpeechError,
} from '../../../src-main/speech/index.js';
import { WhisperStt } from '../../../src-main/speech/whisper.js';
import { ensureTinyWhisper } from '../../fixtures/tiny-whisper/write-tiny-whisper.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { wavOf } from '../../../src-main/speech/wav.js';

async function failure(p: Promise<unknown>): Promise<SpeechError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SpeechError);
    return e as SpeechError;
  }
  throw new Error('expected a SpeechError');
}

let model: string;
let tmp: string;
beforeAll(async () => {
  model = await ensureTinyWhisper();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-whisper-'));
});
afterAll(async () => {
  await releaseWhisperModels();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('whisper:FILE spec', () => {
  it('parses to an absolute model path and refuses tts and a missing file name', () => {
    expect(parseSpeechSpec('whisper:models/x.bin', 'stt')).toEqual({
      engine: 'whisper',
      model: path.resolve('models/x.bin'),
      raw: 'whisper:models/x.bin',
    });
    expect(() => parseSpeechSpec('whisper:', 'stt')).toThrow(/whisper needs a model file/);
    expect(() => parseSpeechSpec('whisper:x.bin', 'tts')).toThrow(
      /whisper is a speech-to-text engine; for text-to-speech use/,
    );
  });
});

describe('whisper:FILE through @fugood/whisper.node', () => {
  it('loads the generated model once per file and reports the sha256 of the file', async () => {
    const speech = createSpeechRegistry();
    const stt = speech.stt(`whisper:${model}`) as WhisperStt;
    const id = await stt.identity();
    const sha = createHash('sha256').update(fs.readFileSync(model)).digest('hex');
    expect(id).toEqual({ engine: 'whisper', model, model_sha256: sha });
    const first = await stt.load();
    expect(first.load_ms).toBeGreaterThan(0);
    // a second engine naming the same file gets the same loaded model
    const again = await new WhisperStt({ engine: 'whisper', model, raw: `whisper:${model}` }).load();
    expect(again.ctx).toBe(first.ctx);
  }, 60_000);

  it('names the engine and file when the file is missing or not a whisper model', async () => {
    const speech = createSpeechRegistry();
    const speech1 = wavOf(Int16Array.from({ length: 16000 }, (_, i) => Math.round(8000 * Math.sin(i / 5))));
    const missing = await failure(speech.stt(`whisper:${tmp}/nope.bin`).stt(speech1));
    expect(missing.code).toBe('model_not_found');
    expect(missing.message).toContain(`stt engine whisper model "${tmp}/nope.bin"`);
    expect(missing.message).toContain('does not exist');
    const gguf = await ensureTinyGguf();
    const notWhisper = await failure(speech.stt(`whisper:${gguf}`).stt(speech1));
    expect(notWhisper.code).toBe('model_not_found');
    expect(notWhisper.message).toContain('it is a GGUF file');
    const junk = path.join(tmp, 'junk.bin');
    fs.writeFileSync(junk, Buffer.alloc(4096, 7));
    const bad = await failure(speech.stt(`whisper:${junk}`).identity());
    expect(bad.message).toMatch(/is not a whisper\.cpp model file: it starts with bytes 07070707/);
  });

  it('runs a clip through the binding end to end and reuses the loaded model on the next call', async () => {
    // 50 ms: whisper.cpp computes the mel spectrogram and returns no segments (under 100 ms it stops
    // before the encoder), so this checks the path Parley -> PCM -> binding -> result on every machine.
    const clip = wavOf(Int16Array.from({ length: 800 }, (_, i) => Math.round(5000 * Math.sin(i / 7))));
    const stt = createSpeechRegistry().stt(`whisper:${model}`) as WhisperStt;
    const loadedBefore = await stt.load();
    const a = await stt.stt(clip);
    const b = await stt.stt(clip);
    expect(a.text).toBe('');
    expect(b.text).toBe('');
    expect(a.timings.total_ms).toBeGreaterThan(0);
    expect(b.timings.total_ms).toBeGreaterThan(0);
    expect((await stt.load()).ctx).toBe(loadedBefore.ctx);
  }, 60_000);

  it('transcribes an espeak-ng WAV or fails within the time limit with an error naming engine and file', async () => {
    const { execFileSync } = await import('node:child_process');
    const wav = path.join(tmp, 'said.wav');
    execFileSync('espeak-ng', ['-w', wav, 'Your reference number is 415 555 1234']);
    const stt = createSpeechRegistry({ timeoutMs: 15_000 }).stt(`whisper:${model}`);
    const t0 = performance.now();
    const out = await stt.stt(fs.readFileSync(wav)).then(
      (r) => ({ ok: true as const, r }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    expect(performance.now() - t0).toBeLessThan(30_000);
    if (out.ok) {
      // random weights: the text is gibberish or empty; the mechanics are what is checked
      expect(typeof out.r.text).toBe('string');
      expect(out.r.timings.total_ms).toBeGreaterThan(0);
    } else {
      // @fugood/whisper.node 1.1.3 on this random model: the promise never settles (docs/voice.md)
      expect(out.e).toBeInstanceOf(SpeechError);
      const e = out.e as SpeechError;
      expect(e.code).toBe('timeout');
      expect(e.message).toContain(
        `stt engine whisper model "${model}" (@fugood/whisper.node): no answer within 15 s (the time limit: the fixed limit of this engine): no transcript`,
      );
    }
  }, 60_000);

  it('refuses silent and non-WAV audio before loading anything', async () => {
    const stt = createSpeechRegistry().stt(`whisper:${model}`);
    const silent = await failure(stt.stt(wavOf(new Int16Array(16000))));
    expect(silent.code).toBe('silent_audio');
    const notWav = await failure(stt.stt(Buffer.from('ID3\u0004 not audio')));
    expect(notWav.code).toBe('bad_audio');
    expect(notWav.message).toContain('stt engine whisper');
  });
});
