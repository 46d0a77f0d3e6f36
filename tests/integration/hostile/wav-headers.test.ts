/**
 * Issue 28, item 5: audio is refused from its WAV header before any conversion, and converted off the
 * event loop. A 1,044-byte WAV whose header says 1 sample/s held the web server's event loop for
 * 7-35 s (resampled to 16 kHz before the 60 s check). Real web server over HTTP, a real OpenAI-protocol
 * audio server for TTS output, real pocketsphinx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wavefile from 'wavefile';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { startWebServer } from '../../../src-main/server/web-server.js';
import { createSpeechRegistry } from '../../../src-main/speech/index.js';
import { toSpeechWav } from '../../../src-main/speech/wav.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { startOpenAiAudioServer } from '../../servers/openai-audio-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

/** A WAV whose header claims `rate` samples per second, with `bytes` of 16-bit mono data. */
function wavClaiming(rate: number, bytes: number): Buffer {
  const w = new wavefile.WaveFile();
  w.fromScratch(
    1,
    16000,
    '16',
    Int16Array.from({ length: bytes / 2 }, (_, i) => Math.round(3000 * Math.sin(i / 5))),
  );
  const buf = Buffer.from(w.toBuffer());
  buf.writeUInt32LE(rate, 24); // fmt sample rate
  buf.writeUInt32LE(Math.min(rate * 2, 0xffffffff), 28); // byte rate
  return buf;
}

let t: ReturnType<typeof tempDir>;
let store: Store;
let ctx: ApiContext;
let server: Awaited<ReturnType<typeof startWebServer>>;
beforeAll(async () => {
  t = tempDir('parley-wav-');
  store = openStore(tempDbPath(t.dir));
  ctx = createApiContext(store, 'web');
  server = await startWebServer({ ctx, staticDir: t.dir });
});
afterAll(async () => {
  await server?.close();
  await disposeApiContext(ctx);
  store.close();
  t.cleanup();
});

async function transcribe(audio: Buffer) {
  const res = await fetch(`http://127.0.0.1:${server.port}/rpc/speech.transcribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ stt: 'pocketsphinx', audio_base64: audio.toString('base64') }),
  });
  return (await res.json()) as { ok: boolean; error?: { path?: string; message: string } };
}

describe('speech.transcribe reads the header first', () => {
  it.each([
    ['1 sample/s (1,044 bytes)', wavClaiming(1, 1000), /header says 1 samples per second; expected 4,000 to 384,000/],
    ['1 sample/s (4 KB)', wavClaiming(1, 4000), /header says 1 samples per second/],
    ['a sample rate of 4 billion', wavClaiming(4_000_000_000, 1000), /header says 4,000,000,000 samples per second/],
    ['65 s of 16 kHz audio', wavClaiming(16000, 65 * 32000), /it is 65 s long; at most 60 s at once/],
  ])('%s: refused with the path, before any conversion', async (_what, wav, message) => {
    const out = await transcribe(wav);
    expect(out.ok).toBe(false);
    expect(out.error?.path).toBe('audio');
    expect(out.error?.message).toMatch(message);
  });

  it('a real recording (48 kHz stereo float, as a browser records) is converted off the event loop', async () => {
    const w = new wavefile.WaveFile();
    const n = 48000 * 5;
    const ch = Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin(i / 9));
    w.fromScratch(2, 48000, '32f', [ch, ch]);
    let ticks = 0;
    let converting = true;
    const tick = () => {
      ticks++;
      if (converting) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await toSpeechWav(Buffer.from(w.toBuffer()));
    converting = false;
    expect(out.readUInt32LE(24)).toBe(16000);
    // in-thread conversion would leave no turn of the event loop until it returned
    expect(ticks).toBeGreaterThan(10);
  }, 120_000);
});

describe("a TTS server's WAV is checked the same way", () => {
  it('an openai: server answering with a 1 sample/s header is refused naming the engine', async () => {
    const audio = await startOpenAiAudioServer({ speechBody: wavClaiming(1, 4000) });
    try {
      const tts = createSpeechRegistry().tts(`openai:espeak-ng@${audio.url}`);
      await expect(tts.tts('hello')).rejects.toThrow(
        /tts engine openai .*did not return usable audio .*header says 1 samples per second/,
      );
    } finally {
      await audio.stop();
    }
  });
});
