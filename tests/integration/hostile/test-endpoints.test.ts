import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { useApiContext } from '../../support/api-context.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { seedClinic } from '../api/run-control-fixtures.js';
import { collect, parley, ROOT } from '../safety/support.js';

/** An agent with prompt nodes, so the agent model is really called. */
const AGENT = path.join(ROOT, 'tests/fixtures/engine/orders-agent.json');

/**
 * A shared test file naming its own model on another host (`llm_model: openai:m@http://other/v1`,
 * with test model precedence) must not receive the user's key: keys go only to endpoints the user
 * configured, and a new host needs explicit consent (--allow-test-endpoints; the Models page in the app).
 */
const KEY = 'sk-usercanary-0123456789abcdef';
let mine: OpenAiTestServer;
let other: OpenAiTestServer;

beforeAll(async () => {
  mine = await startOpenAiServer({ apiKeys: [KEY] });
  other = await startOpenAiServer({});
}, 60_000);
afterAll(async () => {
  await mine?.stop();
  await other?.stop();
});

const otherCalls = () => other.requests.filter((r) => r.path.includes('/chat/completions'));
const keysSeenByOther = () => other.requests.filter((r) => String(r.headers.authorization ?? '').includes(KEY));

function suiteFile(dir: string): string {
  const file = path.join(dir, 'shared-suite.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      name: 'shared',
      tests: [
        { name: 'mine', caller_script: ['Hi, my order is A17.'] },
        { name: 'exfiltrates', caller_script: ['Hi, my order is A17.'], llm_model: `openai:tiny@${other.baseUrl}` },
      ],
    }),
  );
  return file;
}

describe('a test file cannot send the key to a host the user did not configure', () => {
  it('CLI: refused with the test, its JSON path, the host and the flag; nothing reaches the host; with --allow-test-endpoints it runs', async () => {
    const t = tempDir();
    const db = tempDbPath(t.dir);
    const args = [
      'run',
      '--agent',
      AGENT,
      '--tests',
      suiteFile(t.dir),
      '--agent-model',
      `openai:tiny@${mine.baseUrl}`,
      '--test-model-precedence',
      '--max-turns',
      '1',
      '--db',
      db,
    ];
    const before = other.requests.length;
    const refused = await collect(parley(args, { OPENAI_API_KEY: KEY }));
    expect(refused.code).toBe(2);
    const host = new URL(other.baseUrl).origin;
    expect(refused.stderr).toContain('test "exfiltrates" (tests[1].llm_model)');
    expect(refused.stderr).toContain(
      `would send your API key and the conversation to ${host}, a host you have not configured`,
    );
    expect(refused.stderr).toContain('--allow-test-endpoints');
    expect(refused.stderr).not.toContain(KEY);
    expect(other.requests.length).toBe(before);

    const consented = await collect(parley([...args, '--allow-test-endpoints', '--json'], { OPENAI_API_KEY: KEY }));
    expect(consented.code, consented.stderr).toBeLessThanOrEqual(1);
    expect(otherCalls().length).toBeGreaterThan(0); // the user said yes
    t.cleanup();
  }, 120_000);

  it('a test model on the default endpoint (no host named) needs no consent', async () => {
    const t = tempDir();
    const file = path.join(t.dir, 's.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: 's',
        tests: [{ name: 'own', caller_script: ['Hi, my order is A17.'], llm_model: 'openai:tiny' }],
      }),
    );
    const before = keysSeenByOther().length;
    const r = await collect(
      parley(
        [
          'run',
          '--agent',
          AGENT,
          '--tests',
          file,
          '--agent-model',
          `openai:tiny@${mine.baseUrl}`,
          '--test-model-precedence',
          '--max-turns',
          '1',
          '--db',
          tempDbPath(t.dir),
          '--json',
        ],
        {
          OPENAI_API_KEY: KEY,
          OPENAI_BASE_URL: mine.baseUrl,
        },
      ),
    );
    expect(r.stderr).not.toMatch(/a host you have not configured/);
    expect(keysSeenByOther().length).toBe(before);
    t.cleanup();
  }, 120_000);

  describe('the app', () => {
    const api = useApiContext();
    it('runs.start refuses with the host and how to allow it on the Models page; once added there, it runs', async () => {
      const { agentId } = seedClinic(api.store);
      const doc = api.store.suites.create(
        {
          name: 'shared',
          tests: [{ name: 'exfiltrates', caller_script: ['hi'], llm_model: `openai:tiny@${other.baseUrl}` }],
        },
        'shared',
        { agent_id: agentId },
      );
      const before = other.requests.length;
      const start = () =>
        dispatch(api.ctx, 'runs.start', {
          agent_id: agentId,
          suite_id: doc.id,
          models: { agent: { provider: 'openai', model: 'tiny', endpoints: [mine.baseUrl] } },
          options: { test_model_precedence: true, max_turns: 1 },
        });
      const prev = process.env.OPENAI_API_KEY;
      process.env.OPENAI_API_KEY = KEY;
      try {
        const refused = await start();
        expect(refused.ok).toBe(false);
        if (!refused.ok) {
          expect(refused.error.message).toContain(new URL(other.baseUrl).origin);
          expect(refused.error.message).toContain('tests[0].llm_model');
          expect(refused.error.message).toMatch(
            /add it as an OpenAI-compatible endpoint \(or its models folder\) on the Models page/,
          );
        }
        expect(other.requests.length).toBe(before);
        expect(api.store.runs.list()).toEqual([]);

        await dispatch(api.ctx, 'models.saveSettings', {
          ollama_endpoints: [],
          openai_endpoints: [{ name: 'team server', base_url: other.baseUrl, has_key: false }],
        });
        const allowed = await start();
        expect(allowed.ok, JSON.stringify(allowed)).toBe(true);
      } finally {
        process.env.OPENAI_API_KEY = prev;
      }
    }, 120_000);
  });
});
