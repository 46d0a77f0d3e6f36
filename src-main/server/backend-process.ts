import { spawn, type ChildProcess } from 'node:child_process';
import { BACKEND_READY_PREFIX } from './desktop-backend.js';

export interface BackendProcess {
  /** http://127.0.0.1:PORT, where POST /rpc/<method> and the /events socket answer. */
  origin: string;
  port: number;
  token: string;
  /** The database file it opened. */
  db: string;
  child: ChildProcess;
  /** Ends the backend (closes its standard input, then SIGTERM after `graceMs`); resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface BackendOptions {
  /** The Node to run it under: the one that ran npm install (PARLEY_NODE from scripts/start.mjs). */
  node: string;
  /** bin/parley.mjs of this checkout. */
  bin: string;
  db?: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for it to listen (default 60 s: a fresh clone's first start compiles through tsx). */
  readyTimeoutMs?: number;
}

/**
 * Starts the desktop shell's backend (`parley serve --desktop-backend`) and resolves once it listens, with its
 * address and token; rejects with what it printed when it exits or stays silent instead.
 */
export function startBackendProcess(o: BackendOptions): Promise<BackendProcess> {
  const args = [o.bin, 'serve', '--desktop-backend', ...(o.db ? ['--db', o.db] : [])];
  const child = spawn(o.node, args, { stdio: ['pipe', 'pipe', 'pipe'], env: o.env ?? process.env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (graceMs = 5000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGTERM'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(
        new Error(`the Parley backend (${o.node} ${args.join(' ')}) ${why}${err.trim() ? `: ${err.trim()}` : ''}`),
      );
    };
    const timer = setTimeout(
      () => fail(`did not start within ${o.readyTimeoutMs ?? 60_000} ms`),
      o.readyTimeoutMs ?? 60_000,
    );
    child.stderr?.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-4000)));
    child.once('error', (e) => fail(`could not be started (${e.message})`));
    const onExit = (code: number | null, signal: string | null) =>
      fail(`exited (${signal ?? `code ${code}`}) before it listened`);
    child.once('exit', onExit);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith(BACKEND_READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      const ready = JSON.parse(line.slice(BACKEND_READY_PREFIX.length)) as { port: number; token: string; db: string };
      resolve({
        origin: `http://127.0.0.1:${ready.port}`,
        port: ready.port,
        token: ready.token,
        db: ready.db,
        child,
        stop,
      });
    });
  });
}

/** One API call to the backend, as web mode's page makes it: the `{ok, data | error}` envelope. */
export async function callBackend(
  b: Pick<BackendProcess, 'origin' | 'token'>,
  method: string,
  input: unknown,
): Promise<unknown> {
  const res = await fetch(`${b.origin}/rpc/${encodeURIComponent(method)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Parley-Token': b.token },
    body: JSON.stringify(input ?? {}),
  });
  return res.json();
}
