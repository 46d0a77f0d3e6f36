/** Runs Parley's CLI on the scenario files against an OpenAI-compatible base URL, under the network guard. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

/** The agent's sampling temperature in the side-by-side runs (both tools). */
export const AGENT_TEMPERATURE = 0.8;

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
      // the agent samples at 0.8 in both tools (promptfoo's agent copies the temperature of Parley's agent
      // request): at temperature 0 the random-weight model writes the same reply in every conversation, and
      // the server's cache would then serve one conversation's transcript to the next. The caller and the
      // judge are the same server given as their own models, so they keep their greedy default (as
      // promptfoo's grader, temperature 0, and the stand-in, which copies Parley's caller request).
      '--agent-params',
      `temperature=${AGENT_TEMPERATURE}`,
      '--caller-model',
      `openai:tiny@${o.baseUrl}`,
      '--judge-model',
      `openai:tiny@${o.baseUrl}`,
      ...(o.extra ?? []),
    ],
    o.netLog,
  );
}
