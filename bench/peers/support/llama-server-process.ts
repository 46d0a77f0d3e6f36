/**
 * Starts a cached llama-server (bench/peers/build-llama-server.ts) on a loopback port with the
 * bench's random-weight GGUF, waits for /health, and reads its Prometheus /metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureTinyGguf } from '../../../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import { benchCacheDir, ensureLlamaServer } from '../build-llama-server.js';

/**
 * The bench model: the tiny random-weight llama GGUF (seed 2) with an 8,192-token trained context. By default
 * it writes text pieces only (`piecesOnly`: its answers tokenize back to the tokens it wrote, as a real model's
 * do, so the prompt cache figures are not spoiled by byte-token answers); PARLEY_BENCH_MODEL=bytes gives the
 * earlier model that also writes byte tokens.
 */
export async function benchModelFile(seed = 2): Promise<string> {
  const dir = path.join(benchCacheDir(), 'models');
  fs.mkdirSync(dir, { recursive: true });
  const piecesOnly = process.env.PARLEY_BENCH_MODEL !== 'bytes';
  // PARLEY_BENCH_WIDTH=512 PARLEY_BENCH_LAYERS=4: a model whose cost is in its weights (see benchModelShape)
  const width = Number(process.env.PARLEY_BENCH_WIDTH ?? 64);
  const layers = Number(process.env.PARLEY_BENCH_LAYERS ?? 2);
  return ensureTinyGguf(dir, seed, {
    contextLength: 8192,
    name: `tiny-8k-seed${seed}${piecesOnly ? '-pieces' : ''}${width !== 64 ? `-w${width}` : ''}${layers !== 2 ? `-l${layers}` : ''}`,
    piecesOnly,
    width,
    layers,
  });
}

/** What the bench model is, for the reports. */
export function benchModelShape(): string {
  const width = Number(process.env.PARLEY_BENCH_WIDTH ?? 64);
  const layers = Number(process.env.PARLEY_BENCH_LAYERS ?? 2);
  const pieces = process.env.PARLEY_BENCH_MODEL !== 'bytes';
  return `random-weight llama, width ${width}, ${layers} layers, ${pieces ? 'writes text pieces only' : 'writes byte tokens too'}`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface LlamaServer {
  url: string;
  port: number;
  args: string[];
  metrics(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** `parallel` slots of 8,192 tokens each, `threads` CPU threads, prompt cache on (the server's default). */
export async function startLlamaServer(
  opts: { parallel?: number; threads?: number; model?: string; log?: string; extraArgs?: string[] } = {},
): Promise<LlamaServer> {
  const bin = ensureLlamaServer();
  const model = opts.model ?? (await benchModelFile());
  const port = await freePort();
  const parallel = opts.parallel ?? 4;
  const args = [
    '-m',
    model,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--parallel',
    String(parallel),
    '-c',
    String(8192 * parallel),
    '-t',
    String(opts.threads ?? 1),
    '--metrics',
    '--no-webui',
    // the jinja chat path of this llama.cpp builds a grammar that starts with the template's generation
    // prompt and fails to initialize on the tiny model ("Failed to initialize samplers: std::exception"
    // for every response_format); the built-in chatml path constrains the same schemas correctly
    ...(opts.extraArgs ?? process.env.PARLEY_LLAMA_SERVER_ARGS?.split(' ').filter(Boolean) ?? ['--no-jinja']),
  ];
  const out = fs.openSync(opts.log ?? path.join(benchCacheDir(), 'llama-server.log'), 'a');
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama-server exited with ${child.exitCode}; see its log`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('llama-server did not answer /health within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    args,
    async metrics() {
      const text = await (await fetch(`${url}/metrics`)).text();
      const m: Record<string, number> = {};
      for (const line of text.split('\n')) {
        const hit = /^llamacpp:(\w+)\s+([\d.eE+-]+)$/.exec(line.trim());
        if (hit) m[hit[1]] = Number(hit[2]);
      }
      return m;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
