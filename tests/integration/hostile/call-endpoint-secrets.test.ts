/**
 * Issue 28, item 4: a key inside an endpoint URL (`?api_key=`, `user:key@`) was redacted in a run's
 * models but still stored in every result's `model_calls[].endpoint` and printed by `runs export`.
 * A real CLI run against a real local OpenAI-protocol server; the DB file, its WAL and both exports are
 * searched for the key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley } from '../safety/support.js';

/** An agent whose every reply is a model call (the deterministic fixture agent speaks static lines). */
const PROMPTED_AGENT = {
  name: 'Prompted agent',
  entry_node_id: 'greeting',
  first_speaker: 'agent',
  nodes: [
    {
      id: 'greeting',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Greet the caller.' },
      transitions: [],
    },
  ],
};
const SUITE_JSON = {
  name: 'calls',
  tests: [{ name: 'one call', caller_script: ['hello'], caller_script_ends_call: true }],
};
const CANARY = 'CANARYmodelcalls5e884898da28';

let srv: OpenAiTestServer;
beforeAll(async () => {
  srv = await startOpenAiServer({ instant: true });
});
afterAll(async () => {
  await srv?.stop();
});

const inFile = (db: string) => [db, `${db}-wal`].some((f) => fs.existsSync(f) && fs.readFileSync(f).includes(CANARY));

describe("a key in an endpoint URL never reaches a result's model calls", () => {
  it.each([
    ['query parameter', () => `${srv.baseUrl}?api_key=${CANARY}`],
    ['userinfo', () => srv.baseUrl.replace('http://', `http://caller:${CANARY}@`)],
  ])(
    '%s: calls recorded with a redacted endpoint, exports without the key',
    async (_what, url) => {
      const t = tempDir();
      try {
        const db = tempDbPath(t.dir);
        const agent = path.join(t.dir, 'agent.json');
        const suite = path.join(t.dir, 'suite.json');
        fs.writeFileSync(agent, JSON.stringify(PROMPTED_AGENT));
        fs.writeFileSync(suite, JSON.stringify(SUITE_JSON));
        const out = await collect(
          parley(
            [
              'run',
              '--agent',
              agent,
              '--tests',
              suite,
              '--agent-model',
              `openai:tiny@${url()}`,
              '--max-turns',
              '1',
              '--db',
              db,
              '--json',
            ],
            { OPENAI_API_KEY: '' },
          ),
        );
        const report = JSON.parse(out.stdout);
        const store = openStore(db, { readonly: true });
        try {
          const calls = store.results.listByRun(report.run_id).flatMap((r) => r.model_calls);
          expect(calls.length).toBeGreaterThan(0);
          for (const c of calls) {
            expect(c.endpoint).toBeDefined();
            expect(c.endpoint).toMatch(/redacted/); // userinfo comes out percent-encoded: %5Bredacted%5D@host
            expect(c.endpoint).not.toContain(CANARY);
          }
        } finally {
          store.close();
        }
        expect(inFile(db)).toBe(false);
        for (const format of ['json', 'junit']) {
          const exported = await collect(parley(['runs', 'export', report.run_id, '--format', format, '--db', db]));
          expect(exported.code, exported.stderr).toBe(0);
          expect(exported.stdout).not.toContain(CANARY);
        }
      } finally {
        t.cleanup();
      }
    },
    300_000,
  );
});
