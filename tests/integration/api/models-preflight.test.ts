/**
 * The pre-run model check through the API (issue 14 item 2, issue 17 item 3): `models.preflight`
 * (the New run dialog) and `runs.start` (refuses before a run row exists). Real HTTP against the
 * OpenAI-protocol test server with a key check, the real tiny GGUF with a 2,048-token context.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { useApiContext } from '../../support/api-context.js';
import { seedClinic } from './run-control-fixtures.js';

const KEY = 'sk-preflight-good-0042';

describe('models.preflight and runs.start check the models first', () => {
  const api = useApiContext();
  const { call } = api;
  let server: OpenAiTestServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ apiKeys: [KEY] });
  });
  afterAll(async () => {
    delete process.env.PARLEY_TEST_KEY;
    await server.stop();
  });

  it('a wrong key: the problem names the model, the endpoint and what to do, and runs.start writes no run', async () => {
    process.env.PARLEY_TEST_KEY = 'sk-wrong-one';
    // web mode sends a key variable only to an endpoint the user configured, named as it was set there (issue 39)
    api.store.settings.set('models', {
      openai_endpoints: [{ name: 'test server', base_url: server.baseUrl, api_key_env: 'PARLEY_TEST_KEY' }],
    });
    const agent = {
      provider: 'openai' as const,
      model: 'tiny',
      endpoints: [server.baseUrl],
      api_key_env: 'PARLEY_TEST_KEY',
    };
    const out = await call('models.preflight', { models: { agent } });
    expect(out.ok).toBe(false);
    expect(out.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        kind: 'unauthorized',
        roles: ['agent', 'caller', 'judge'],
        endpoint: server.baseUrl,
        problem: expect.stringMatching(
          /rejected the credentials \(401\); check the environment variable PARLEY_TEST_KEY/,
        ),
        fix: expect.stringContaining('Set a valid API key'),
      }),
    ]);
    expect(JSON.stringify(out)).not.toContain('sk-wrong-one');

    const { agentId, suiteId } = seedClinic(api.store);
    const started = await dispatch(api.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent },
      options: {},
    });
    expect(started.ok).toBe(false);
    if (!started.ok) {
      expect(started.error.code).toBe('invalid_input');
      expect(started.error.path).toBe('models.agent');
      expect(started.error.message).toMatch(
        /^the run was not started: error \(agent, caller, judge model\): openai model "tiny" at /,
      );
    }
    expect(api.store.runs.list()).toEqual([]);

    process.env.PARLEY_TEST_KEY = KEY;
    expect(await call('models.preflight', { models: { agent } })).toMatchObject({ ok: true, problems: [] });
  }, 60_000);

  it('a small context on the real tiny GGUF: a warning in plain words with a one-click fix', async () => {
    const file = await ensureTinyGguf(undefined, 1, { contextLength: 8192 });
    const long = "Always confirm the caller's full name, date of birth and the reason for the visit. ".repeat(18);
    const { agentId, suiteId } = seedClinic(api.store);
    const v = api.store.agents.latest(agentId)!;
    const { version } = api.store.agents.saveVersion(agentId, { ...v.graph, global_prompt: long }, 'long prompt');
    const agent = { provider: 'llama-cpp' as const, model: file, params: { context_size: 2048, threads: 1 } };
    const out = await call('models.preflight', {
      models: { agent },
      agent_id: agentId,
      suite_id: suiteId,
    });
    expect(version.graph.global_prompt.length).toBeGreaterThan(1400);
    expect(out.ok).toBe(true); // a warning does not stop the run
    expect(out.problems).toHaveLength(1);
    const p = out.problems[0];
    expect(p).toMatchObject({
      severity: 'warning',
      kind: 'context_too_small',
      provider: 'llama-cpp',
      fix: 'Use a 4,096-token context.',
      fix_label: 'Use a 4,096-token context',
      fixed_spec: { provider: 'llama-cpp', model: file, params: { context_size: 4096, threads: 1 } },
      context: { tokens: 2048, trained: 8192 },
    });
    expect(p.problem).toMatch(
      /^This model's context holds 2,048 tokens and the agent's longest prompt is 1,\d{3} tokens, leaving room for only a few turns/,
    );
    // the fix works: the suggested spec passes the check
    expect(
      await call('models.preflight', { models: { agent: p.fixed_spec! }, agent_id: agentId, suite_id: suiteId }),
    ).toMatchObject({
      ok: true,
      problems: [],
    });
  }, 120_000);

  it('a file that is not a GGUF, per model: the judge alone is named', async () => {
    const file = await ensureTinyGguf();
    const bad = path.join(api.dir, 'judge.gguf');
    fs.writeFileSync(bad, 'not a model');
    const out = await call('models.preflight', {
      models: {
        agent: { provider: 'llama-cpp', model: file, params: { threads: 1 } },
        judge: { provider: 'llama-cpp', model: bad },
      },
    });
    expect(out.ok).toBe(false);
    expect(out.problems).toEqual([
      expect.objectContaining({
        kind: 'invalid_model',
        roles: ['judge'],
        endpoint: bad,
        fix: 'Choose a .gguf model file.',
      }),
    ]);
  }, 60_000);
});
