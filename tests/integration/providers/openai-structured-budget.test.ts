/**
 * Issue 14 items 5 and 6 over real HTTP: the OpenAI-protocol test server runs the tiny GGUF, whose
 * byte vocabulary is about one token per character. Structured calls must ask for as many tokens as
 * their schema's bounds may need (no conversation errors on a cut-off JSON), and a conversation that
 * does error still records every token the server reported.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { openStore } from '../../../src-main/store/index.js';
import { schemaCharBound } from '../../../src-main/providers/shared/structured-budget.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { startOllamaServer } from '../../servers/ollama-server.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley, ROOT } from '../safety/support.js';

const AGENT = path.join(ROOT, 'tests/fixtures/engine/orders-agent.json');
const SUITE = path.join(ROOT, 'tests/fixtures/engine/orders-suite.json');

interface ChatBody {
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { schema?: Record<string, unknown> } };
}

describe('structured calls over HTTP on a ~1 token per character model', () => {
  const t = tempDir();
  const db = tempDbPath(t.dir);
  let server: OpenAiTestServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(async () => {
    await server.stop();
    t.cleanup();
  });

  const run = (extra: string[]) =>
    collect(
      parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        SUITE,
        '--agent-model',
        `openai:tiny@${server.baseUrl}`,
        '--max-turns',
        '2',
        '--concurrency',
        '2',
        '--db',
        db,
        '--json',
        ...extra,
      ]),
    );

  it('every structured request asks for at least its schema worst case: 8 of 8 conversations finish without an error', async () => {
    server.requests.length = 0;
    const r = await run(['--repeat', '4']);
    const report = JSON.parse(r.stdout) as RunReport;
    expect(report.results).toHaveLength(8);
    const errors = report.results.filter((x) => x.status === 'error').map((x) => x.error);
    expect(errors).toEqual([]);
    expect(report.errored).toBe(0);
    const structured = server.requests
      .map((q) => q.body as ChatBody)
      .filter((b) => b?.response_format?.type === 'json_schema');
    expect(structured.length).toBeGreaterThan(8);
    for (const b of structured) {
      const bound = schemaCharBound(b.response_format!.json_schema!.schema);
      // the caller's turn (a 400-character message) included: never fewer tokens than characters the schema allows
      expect(b.max_tokens).toBeGreaterThanOrEqual(Math.min(bound, 8192));
    }
    expect(structured.some((b) => (b.max_tokens ?? 0) > 400)).toBe(true);
  }, 300_000);

  it('the Ollama protocol the same: num_predict raised to the schema worst case at the measured characters per token, no errored conversation', async () => {
    const ollama = await startOllamaServer();
    try {
      const r = await collect(
        parley([
          'run',
          '--agent',
          AGENT,
          '--tests',
          SUITE,
          '--agent-model',
          `ollama:tiny@${ollama.url}`,
          '--max-turns',
          '2',
          '--concurrency',
          '2',
          '--db',
          db,
          '--json',
        ]),
      );
      const report = JSON.parse(r.stdout) as RunReport;
      expect(report.results.filter((x) => x.status === 'error').map((x) => x.error)).toEqual([]);
      const structured = ollama.requests
        .map((q) => q.body as { format?: unknown; options?: { num_predict?: number } })
        .filter((b) => b?.format && typeof b.format === 'object');
      expect(structured.length).toBeGreaterThan(2);
      for (const b of structured)
        expect(b.options?.num_predict).toBeGreaterThanOrEqual(
          Math.min(schemaCharBound(b.format) / 3.5, 8192), // at most the default ratio until measured
        );
      expect(structured.some((b) => (b.options?.num_predict ?? 0) > 160)).toBe(true);
    } finally {
      await ollama.stop();
    }
  }, 300_000);

  it("an errored conversation's tokens equal what the server reported for its calls", async () => {
    const before = { ...server.reported };
    // every non-streamed structured reply is cut JSON: the routing call and its repair both fail
    server.requests.length = 0;
    const broken = await startOpenAiServer({ brokenJsonReplies: 1000 });
    try {
      const r = await collect(
        parley([
          'run',
          '--agent',
          AGENT,
          '--tests',
          SUITE,
          '--agent-model',
          `openai:tiny@${broken.baseUrl}`,
          '--test',
          'shipped order',
          '--max-turns',
          '2',
          '--db',
          db,
          '--json',
        ]),
      );
      const report = JSON.parse(r.stdout) as RunReport;
      expect(report.results).toHaveLength(1);
      const res = report.results[0];
      const store = openStore(db);
      const stored = store.results.listByRun(report.run_id)[0];
      store.close();
      expect(res.status).toBe('error');
      expect(res.error).toMatch(/structured output failed: not valid JSON/);
      // the failed call is recorded with what it spent and its error code
      const failed = stored.model_calls.filter((c) => c.error_code);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ error_code: 'bad_output', endpoint: broken.baseUrl });
      expect(failed[0].tokens.prompt).toBeGreaterThan(0);
      expect(failed[0].tokens.completion).toBeGreaterThan(0);
      expect(res.tokens.prompt).toBe(broken.reported.prompt_tokens);
      expect(res.tokens.completion).toBe(broken.reported.completion_tokens);
      expect(res.tokens.prompt).toBeGreaterThan(0);
    } finally {
      await broken.stop();
    }
    expect(server.reported).toEqual(before);
  }, 300_000);
});
