/**
 * A server that speaks the OpenAI audio protocol and answers with the real offline engines installed
 * on the test machines (as the Ollama test server answers with node-llama-cpp):
 *   POST /v1/audio/speech          {model, input, voice, response_format: 'wav'} -> espeak-ng's WAV
 *                                  (22 050 Hz, as espeak-ng writes it: Parley must resample), streamed
 *                                  in chunks so the client measures time to first audio
 *   POST /v1/audio/transcriptions  multipart (file, model) -> {text} from pocketsphinx_continuous
 * Options: a required API key (401 otherwise), the model names it knows (404 otherwise),
 * `speechFormat: 'mp3-bytes'` to answer with audio that is not WAV, and `speechBody` to answer with
 * given bytes (a hostile server).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface AudioServerOptions {
  apiKey?: string;
  ttsModels?: string[];
  sttModels?: string[];
  /** Answer /audio/speech with bytes that are not WAV (an MP3 header). */
  speechFormat?: 'wav' | 'mp3-bytes';
  /** Answer /audio/speech with exactly these bytes (a hostile server's WAV). */
  speechBody?: Buffer;
}

export interface AudioTestServer {
  url: string;
  /** Requests seen: path and model. */
  requests: { path: string; model?: string; voice?: string; bytes: number }[];
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'audio-server-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startOpenAiAudioServer(o: AudioServerOptions = {}): Promise<AudioTestServer> {
  const ttsModels = o.ttsModels ?? ['espeak-ng'];
  const sttModels = o.sttModels ?? ['pocketsphinx'];
  const requests: AudioTestServer['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    try {
      if (o.apiKey && req.headers.authorization !== `Bearer ${o.apiKey}`)
        return json(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      if (req.method === 'POST' && path === '/v1/audio/speech') {
        const input = JSON.parse(body.toString('utf8')) as { model: string; input: string; voice?: string };
        requests.push({ path, model: input.model, voice: input.voice, bytes: body.length });
        if (!ttsModels.includes(input.model))
          return json(res, 404, { error: { message: `The model '${input.model}' does not exist` } });
        if (o.speechBody) {
          res.writeHead(200, { 'content-type': 'audio/wav' });
          return res.end(o.speechBody);
        }
        if (o.speechFormat === 'mp3-bytes') {
          res.writeHead(200, { 'content-type': 'audio/mpeg' });
          return res.end(Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]));
        }
        const wav = await withTemp(async (dir) => {
          const out = join(dir, 'out.wav');
          const voice =
            input.voice && /^[a-z-]+(\+[a-z0-9]+)?$/i.test(input.voice) && input.voice !== 'alloy'
              ? input.voice
              : 'en-us';
          await run('/usr/bin/espeak-ng', ['-v', voice, '-w', out, input.input]);
          return readFile(out);
        });
        res.writeHead(200, { 'content-type': 'audio/wav', 'transfer-encoding': 'chunked' });
        for (let i = 0; i < wav.length; i += 16384) res.write(wav.subarray(i, i + 16384));
        return res.end();
      }
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        // multipart parsed by the platform's own Request (undici), not by hand
        const form = await new Request('http://x/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body,
        }).formData();
        const model = String(form.get('model') ?? '');
        const file = form.get('file');
        requests.push({ path, model, bytes: body.length });
        if (!sttModels.includes(model))
          return json(res, 404, { error: { message: `The model '${model}' does not exist` } });
        if (!file || typeof file === 'string') return json(res, 400, { error: { message: 'file is required' } });
        const text = await withTemp(async (dir) => {
          const inp = join(dir, 'in.wav');
          await writeFile(inp, Buffer.from(await file.arrayBuffer()));
          const { stdout } = await run('/usr/bin/pocketsphinx_continuous', ['-infile', inp, '-logfn', '/dev/null']);
          return stdout.replace(/\s+/g, ' ').trim();
        });
        return json(res, 200, { text });
      }
      json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: { message: (e as Error).message } });
      else res.end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
