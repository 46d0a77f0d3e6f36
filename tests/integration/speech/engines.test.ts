/**
 * Real engines, real HTTP: espeak-ng and pocketsphinx (Debian packages) directly through the command
 * presets, and through the OpenAI audio protocol against tests/servers/openai-audio-server.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechRegistry, roundTrip, SpeechError } from '../../../src-main/speech/index.js';
import { durationMs, samplesOf, wavOf } from '../../../src-main/speech/wav.js';
import { startOpenAiAudioServer, type AudioTestServer } from '../../servers/openai-audio-server.js';

const SENTENCE = 'Your reference number is 415 555 1234';

async function failure(p: Promise<unknown>): Promise<SpeechError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SpeechError);
    return e as SpeechError;
  }
  throw new Error('expected a SpeechError');
}

function wavHeader(buf: Buffer) {
  return { rate: buf.readUInt32LE(24), channels: buf.readUInt16LE(22), bits: buf.readUInt16LE(34) };
}

describe('command presets (espeak-ng -> pocketsphinx)', () => {
  const speech = createSpeechRegistry();

  it('speaks 16 kHz mono 16-bit WAV and hears it back, losing the digits', async () => {
    const out = await roundTrip(speech.tts('espeak-ng'), speech.stt('pocketsphinx'), SENTENCE);
    expect(wavHeader(out.audio)).toEqual({ rate: 16000, channels: 1, bits: 16 });
    expect(durationMs(out.audio)).toBeGreaterThan(1500);
    expect(out.heard).toMatch(/fifty/);
    expect(out.heard).not.toContain('415');
    expect(out.tts.total_ms).toBeGreaterThan(0);
    expect(out.stt.total_ms).toBeGreaterThan(0);
    const id = await speech.stt('pocketsphinx').identity();
    expect(id).toMatchObject({
      engine: 'command',
      preset: 'pocketsphinx',
      command: expect.arrayContaining(['pocketsphinx_batch']),
    });
  }, 60_000);

  it('runs a command: template with the text on argv after -- and the WAV on stdin', async () => {
    const tts = speech.tts('command:espeak-ng --stdout -- {text}');
    const stt = speech.stt('command:pocketsphinx_continuous -infile {in} -logfn /dev/null');
    const out = await roundTrip(tts, stt, SENTENCE);
    expect(out.heard).toMatch(/fifty|hundred|thousand/);
  }, 60_000);

  it('names the engine and the program when the program is missing or fails', async () => {
    const missing = await failure(speech.tts('command:parley-no-such-tts -w {out}').tts('hello'));
    expect(missing.code).toBe('engine_missing');
    expect(missing.message).toContain('tts engine command (parley-no-such-tts)');
    expect(missing.message).toContain('"parley-no-such-tts" was not found');
    const failing = await failure(speech.tts('command:ls /parley/no-such-dir/{text}').tts('hello'));
    expect(failing.code).toBe('command_failed');
    expect(failing.message).toMatch(/ls exited with 2: .*no-such-dir/);
    const noFile = await failure(speech.tts('command:true {out}').tts('hello'));
    expect(noFile.code).toBe('bad_audio');
    expect(noFile.message).toContain('without writing the WAV file');
  });

  it('refuses silent and non-WAV audio before running the recogniser', async () => {
    const silent = await failure(speech.stt('pocketsphinx').stt(wavOf(new Int16Array(16000))));
    expect(silent.code).toBe('silent_audio');
    expect(silent.message).toContain('stt engine pocketsphinx');
    const notWav = await failure(speech.stt('pocketsphinx').stt(Buffer.from('ID3\u0004 not audio')));
    expect(notWav.code).toBe('bad_audio');
    expect(notWav.message).toContain('it looks like MP3');
  });
});

describe('openai audio protocol (real HTTP, real engines behind it)', () => {
  let server: AudioTestServer;
  let keyed: AudioTestServer;
  beforeAll(async () => {
    server = await startOpenAiAudioServer();
    keyed = await startOpenAiAudioServer({ apiKey: 'sk-test-audio-123456' });
  });
  afterAll(async () => {
    await server.stop();
    await keyed.stop();
  });

  it('speaks (resampled from 22 050 Hz, time to first audio measured) and transcribes over HTTP', async () => {
    const speech = createSpeechRegistry();
    const tts = speech.tts(`openai:espeak-ng@${server.url}`);
    const stt = speech.stt(`openai:pocketsphinx@${server.url}`);
    const out = await roundTrip(tts, stt, SENTENCE, { voice: 'en-gb' });
    expect(wavHeader(out.audio)).toEqual({ rate: 16000, channels: 1, bits: 16 });
    expect(out.tts.first_audio_ms).toBeGreaterThan(0);
    expect(out.tts.first_audio_ms!).toBeLessThanOrEqual(out.tts.total_ms);
    expect(out.heard).toMatch(/fifty|hundred|thousand/);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/audio/speech', '/v1/audio/transcriptions']);
    expect(server.requests[0]).toMatchObject({ model: 'espeak-ng', voice: 'en-gb' });
    expect(await tts.identity()).toEqual({ engine: 'openai', model: 'espeak-ng', endpoint: server.url });
  }, 60_000);

  it('sends the key from the environment and names the engine, model and URL on 401 and 404', async () => {
    const speech = createSpeechRegistry();
    const before = process.env.OPENAI_API_KEY;
    try {
      process.env.OPENAI_API_KEY = 'sk-wrong-key-000000';
      const denied = await failure(speech.tts(`openai:espeak-ng@${keyed.url}`).tts('hello'));
      expect(denied.code).toBe('unauthorized');
      expect(denied.message).toContain(`tts engine openai model "espeak-ng" (${keyed.url})`);
      expect(denied.message).not.toContain('sk-wrong-key-000000');
      process.env.OPENAI_API_KEY = 'sk-test-audio-123456';
      const ok = await createSpeechRegistry().tts(`openai:espeak-ng@${keyed.url}`).tts('hello');
      expect(samplesOf(ok.audio).length).toBeGreaterThan(1000);
    } finally {
      if (before === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = before;
    }
    const unknown = await failure(
      speech
        .stt(`openai:whisper-9@${server.url}`)
        .stt(wavOf(Int16Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin(i / 5))))),
    );
    expect(unknown.code).toBe('model_not_found');
    expect(unknown.message).toContain('stt engine openai model "whisper-9"');
  }, 60_000);

  it('says when the server is down or answers with audio that is not WAV', async () => {
    const down = await startOpenAiAudioServer();
    const url = down.url;
    await down.stop();
    const speech = createSpeechRegistry();
    const refused = await failure(
      speech.stt(`openai:pocketsphinx@${url}`).stt(wavOf(Int16Array.from({ length: 8000 }, (_, i) => (i % 50) * 200))),
    );
    expect(refused.code).toBe('connection_refused');
    expect(refused.message).toContain(`(${url})`);
    const mp3 = await startOpenAiAudioServer({ speechFormat: 'mp3-bytes' });
    try {
      const bad = await failure(speech.tts(`openai:espeak-ng@${mp3.url}`).tts('hello'));
      expect(bad.code).toBe('bad_audio');
      expect(bad.message).toContain('it looks like MP3');
    } finally {
      await mp3.stop();
    }
  });
});
