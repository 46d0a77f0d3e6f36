import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const BIN = path.join(ROOT, 'bin/parley.mjs');
export const AGENT = path.join(ROOT, 'tests/fixtures/engine/deterministic-agent.json');

/** A suite of `n` copies of the deterministic suite's tests, and a scripted model that answers slowly. */
export function writeSlowSuite(dir: string, n: number, delayMs: number): { suite: string; model: string } {
  const base = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json'), 'utf8'),
  ) as { name: string; tests: { name: string }[] };
  // No caller script: the (slow) scripted model plays the caller, so every test takes several delayed calls.
  const tests = Array.from({ length: n }, (_, i) => ({
    ...base.tests[i % base.tests.length],
    caller_script: undefined,
    name: `case ${String(i).padStart(3, '0')}`,
  }));
  const suite = path.join(dir, 'suite.json');
  fs.writeFileSync(suite, JSON.stringify({ name: 'Crash suite', tests }));
  const model = path.join(dir, 'slow-model.json');
  fs.writeFileSync(model, JSON.stringify({ name: 'slow', defaults: { delay_ms: delayMs } }));
  return { suite, model };
}

export function parley(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
}

/** Resolves when `child`'s stream has produced output matching `re` `count` times. */
export function waitFor(stream: NodeJS.ReadableStream, re: RegExp, count = 1, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${re} x${count}; got:\n${text}`)),
      timeoutMs,
    );
    stream.on('data', (d: Buffer) => {
      text += d.toString();
      const n = [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))].length;
      if (n >= count) {
        clearTimeout(timer);
        resolve(text);
      }
    });
  });
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

export async function collect(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const ended = (s: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => s.once('end', resolve).once('close', resolve));
  const drained = Promise.all([ended(child.stdout!), ended(child.stderr!)]);
  const { code } = await exitOf(child);
  // 'exit' can come before the last of the pipes' output has been read (a loaded machine): read it all, unless a
  // process the child left behind holds the pipes open
  await Promise.race([drained, new Promise((r) => setTimeout(r, 5000).unref())]);
  return { code, stdout, stderr };
}
