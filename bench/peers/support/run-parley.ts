/** Runs Parley's CLI on the scenario files against an OpenAI-compatible base URL, under the network guard. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

export const GUARD = pathToFileURL(path.resolve('bench/peers/support/net-guard.mjs')).href;

export interface ToolRun {
  wallMs: number;
  code: number;
  stdout: string;
  stderr: string;
}

/** Spawns a command with the network guard preloaded and its log at `netLog`; resolves with its wall time. */
export function guarded(
  cmd: string,
  args: string[],
  netLog: string,
  env: Record<string, string> = {},
): Promise<ToolRun> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: {
        ...process.env,
        ...env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${GUARD}`.trim(),
        PARLEY_NET_LOG: netLog,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ wallMs: performance.now() - t0, code: code ?? -1, stdout, stderr }));
  });
}

export function runParley(o: {
  agent: string;
  suite: string;
  baseUrl: string;
  concurrency: number;
  db: string;
  netLog: string;
  extra?: string[];
}): Promise<ToolRun> {
  return guarded(
    process.execPath,
    [
      'bin/parley.mjs',
      'run',
      '--agent',
      o.agent,
      '--tests',
      o.suite,
      '--agent-model',
      `openai:tiny@${o.baseUrl}`,
      '--concurrency',
      String(o.concurrency),
      '--db',
      o.db,
      '--json',
      ...(o.extra ?? []),
    ],
    o.netLog,
  );
}
