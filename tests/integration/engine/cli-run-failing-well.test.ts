/**
 * `parley run` on the unhappy paths a new user meets (issue 14): set-up errors stop the run before it
 * starts (exit 2, one message, no run written), errors during a run are shown in the human output
 * (grouped when identical), and the circuit breaker stops a run whose endpoint keeps refusing.
 * Real CLI processes, real HTTP against the OpenAI-protocol test server with a key check.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley, ROOT } from '../safety/support.js';

const KEY = 'sk-parley-good-key-1234';
const AGENT = path.join(ROOT, 'tests/fixtures/engine/orders-agent.json');
const SUITE = path.join(ROOT, 'tests/fixtures/engine/orders-suite.json');

/** A TCP port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('parley run: failing well', () => {
  let server: OpenAiTestServer;
  const t = tempDir();
  const db = tempDbPath(t.dir);
  beforeAll(async () => {
    server = await startOpenAiServer({ apiKeys: [KEY] });
  });
  afterAll(async () => {
    await server.stop();
    t.cleanup();
  });

  const run = (model: string, extra: string[] = [], key = KEY) =>
    collect(
      parley(
        ['run', '--agent', AGENT, '--tests', SUITE, '--agent-model', model, '--max-turns', '2', '--db', db, ...extra],
        { OPENAI_API_KEY: key },
      ),
    );
  const storedRuns = async () =>
    JSON.parse((await collect(parley(['runs', 'list', '--json', '--db', db]))).stdout) as { id: string }[];

  it('a wrong API key stops the run before it starts: exit 2, one message with the endpoint and what to do, no run', async () => {
    const r = await run(`openai:tiny@${server.baseUrl}`, [], 'sk-wrong');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the run was not started');
    expect(r.stderr).toContain(`openai model "tiny" at ${server.baseUrl}`);
    expect(r.stderr).toMatch(/rejected the credentials \(401\); check the environment variable OPENAI_API_KEY/);
    expect(r.stderr).toContain('what to do: Set a valid API key');
    expect(r.stderr).not.toContain('sk-wrong');
    // once, not once per test
    expect(r.stderr.match(/rejected the credentials/g)).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(await storedRuns()).toEqual([]);
  }, 60_000);

  it('an unknown model name names the models the server has (JSON output too)', async () => {
    const r = await run(`openai:gpt-nope@${server.baseUrl}`, ['--json']);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout) as { status: string; problems: Record<string, unknown>[] };
    expect(out.status).toBe('not_started');
    expect(out.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        kind: 'model_not_found',
        roles: ['agent', 'caller', 'judge'],
        provider: 'openai',
        model: 'gpt-nope',
        endpoint: server.baseUrl,
        problem: expect.stringContaining('the server does not serve this model; it lists tiny'),
      }),
    ]);
    expect(r.stderr).toContain('it lists tiny');
    expect(await storedRuns()).toEqual([]);
  }, 60_000);

  it('an Ollama that is not running, a missing GGUF and a file that is not a GGUF stop the run before it starts', async () => {
    const port = await closedPort();
    const ollama = await run(`ollama:llama3@http://127.0.0.1:${port}`);
    expect(ollama.code).toBe(2);
    expect(ollama.stderr).toContain(`ollama model "llama3" at http://127.0.0.1:${port}: connection refused`);
    expect(ollama.stderr).toContain('what to do: Start Ollama (`ollama serve`) or correct the URL.');

    const missing = await run(`llama-cpp:${path.join(t.dir, 'nowhere.gguf')}`);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such GGUF file');

    const notGguf = path.join(t.dir, 'notes.gguf');
    fs.writeFileSync(notGguf, 'these are my notes, not a model');
    const bad = await run(`llama-cpp:${notGguf}`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a readable GGUF file');
    expect(bad.stderr).toContain('what to do: Choose a .gguf model file.');
    expect(await storedRuns()).toEqual([]);
  }, 60_000);

  it('a server that starts refusing mid-run trips the circuit breaker: the run fails with the reason, finished conversations are kept, every error is printed', async () => {
    // the check (GET /v1/models) passes; then every completion answers 401
    server.fault({
      path: '/v1/chat/completions',
      status: 401,
      times: 1000,
      body: { error: { message: 'key revoked' } },
    });
    const r = await run(`openai:tiny@${server.baseUrl}`, ['--repeat', '4', '--concurrency', '1']);
    expect(r.code).toBe(2);
    // the human output shows why each test errored (the detail column), and identical errors once with the count
    expect(r.stdout).toMatch(
      /shipped order\s+1\s+error\s+an error stopped it\s+\d+\s+\d+\s+error: .*rejected the credentials/,
    );
    expect(r.stdout).toMatch(/^3 tests \(shipped order, shipped order #2, shipped order #3\): error: .*key revoked/m);
    expect(r.stdout).toContain('passed 0  failed 0  errored 3');
    expect(r.stdout).toMatch(
      /run failed: stopped after 3 conversations in a row failed the same way \(the server rejected the credentials\): .*What to do: set a valid API key/,
    );
    const runs = await storedRuns();
    expect(runs).toHaveLength(1);
    const shown = JSON.parse((await collect(parley(['runs', 'show', runs[0].id, '--json', '--db', db]))).stdout) as {
      status: string;
      error: string;
      results: unknown[];
    };
    expect(shown.status).toBe('failed');
    expect(shown.error).toMatch(/^stopped after 3 conversations/);
    expect(shown.results).toHaveLength(3);
  }, 120_000);
});
