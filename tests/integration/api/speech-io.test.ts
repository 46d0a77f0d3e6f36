/**
 * Try it's speech methods through the API dispatch (the same door the browser uses), on the real espeak-ng and
 * pocketsphinx: speech.synthesize speaks a reply, speech.transcribe recognises a recording in any WAV format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wavefile from 'wavefile';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { samplesOf } from '../../../src-main/speech/wav.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('speech.synthesize and speech.transcribe', () => {
  const tmp = tempDir();
  let store: Store;
  let ctx: ApiContext;
  beforeAll(() => {
    store = openStore(tempDbPath(tmp.dir));
    ctx = createApiContext(store, 'web');
  });
  afterAll(async () => {
    await disposeApiContext(ctx);
    store.close();
    tmp.cleanup();
  });

  const synthesize = async (text: string) => {
    const out = await dispatch(ctx, 'speech.synthesize', { tts: 'espeak-ng', text });
    if (!out.ok) throw new Error(out.error.message);
    return out.output as { audio_base64: string; audio_ms: number; tts_ms: number };
  };

  it('speaks a reply as 16 kHz WAV and hears a 48 kHz float recording of it (what a browser records)', async () => {
    const spoken = await synthesize('Hello, I need some help with my order');
    expect(spoken.audio_ms).toBeGreaterThan(1000);
    const wav16 = Buffer.from(spoken.audio_base64, 'base64');
    expect(wav16.readUInt32LE(24)).toBe(16000);
    // the browser sends mono WAV at its own rate: make one at 48 kHz, 32-bit float
    const w = new wavefile.WaveFile();
    w.fromScratch(1, 16000, '16', samplesOf(wav16));
    w.toSampleRate(48000);
    w.toBitDepth('32f');
    const heard = await dispatch(ctx, 'speech.transcribe', {
      stt: 'pocketsphinx',
      audio_base64: Buffer.from(w.toBuffer()).toString('base64'),
    });
    if (!heard.ok) throw new Error(heard.error.message);
    const out = heard.output as { text: string; audio_ms: number; stt: { preset?: string } };
    expect(out.text).toMatch(/order/); // pocketsphinx hears "ah the new order": it loses most words of espeak-ng's voice
    expect(Math.abs(out.audio_ms - spoken.audio_ms)).toBeLessThan(50);
    expect(out.stt.preset).toBe('pocketsphinx');
    // played again: served from the recent-audio cache by content hash, the same audio
    const again = await dispatch(ctx, 'speech.synthesize', {
      tts: 'espeak-ng',
      text: 'Hello, I need some help with my order',
    });
    expect(again.ok && again.output).toMatchObject({ cached: true, audio_base64: spoken.audio_base64 });
  });

  it('refuses audio that is not WAV, silence and an unknown engine with the field and the reason', async () => {
    const notWav = await dispatch(ctx, 'speech.transcribe', {
      stt: 'pocketsphinx',
      audio_base64: Buffer.from('OggS-this-is-not-wav').toString('base64'),
    });
    expect(notWav.ok).toBe(false);
    if (!notWav.ok) {
      expect(notWav.error.path).toBe('audio');
      expect(notWav.error.message).toMatch(/not audio Parley can read.*Ogg/);
    }
    const w = new wavefile.WaveFile();
    w.fromScratch(1, 16000, '16', new Int16Array(16000));
    const silent = await dispatch(ctx, 'speech.transcribe', {
      stt: 'pocketsphinx',
      audio_base64: Buffer.from(w.toBuffer()).toString('base64'),
    });
    expect(!silent.ok && silent.error.message).toMatch(/silent/);
    const unknown = await dispatch(ctx, 'speech.synthesize', { tts: 'nosuch-engine', text: 'hello' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.path).toBe('tts');
      expect(unknown.error.message).toMatch(/espeak-ng/);
    }
    const missing = await dispatch(ctx, 'speech.synthesize', {
      tts: 'piper:/parley/no-such-tts.onnx',
      text: 'hi',
    });
    expect(!missing.ok && missing.error.message).toMatch(/no-such-tts\.onnx" does not exist/);
  });
});
