/**
 * Issue 28, items 2, 3, 9 and 10: a shard database is untrusted input. Real SQLite shard files made
 * by Parley's store and then edited with plain SQL as an attacker would; `parley runs merge` and the
 * commands that follow it run as child processes; the endpoint is a real local HTTP server.
 *   2. a `command:` speech spec copied in by a merge is never run by default (audio-eval without --tts)
 *   3. a copied judge is never called by default on a host the user has not configured, and never
 *      sends the variable its api_key_env names
 *   9. the agent version is matched by the content hash Parley computes, and graphs are validated as
 *      an import is (a "__proto__" key, a snippet bomb)
 *  10. only plain tables are read, with bounds (a recursive VIEW, a generated column, a 70 MB row)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { contentHash, openStore } from '../../../src-main/store/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { smallGraph } from '../../support/graphs.js';
import { tempDir } from '../../support/tmp.js';
import { collect, ROOT } from '../safety/support.js';
import { SCRIPTED_AGENT, writeShardDbs } from './support/shard-db.js';

const OPENAI_KEY = 'sk-canary-openai-0123456789';
const CI_TOKEN = 'ci-canary-token-0123456789';

const ENV = { ...process.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: OPENAI_KEY, CI_TOKEN };

function parley(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/parley.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 170_000,
    env: ENV,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Without blocking this process: the test's HTTP server answers from it. */
const parleyAsync = (args: string[]) =>
  collect(spawn(process.execPath, [path.join(ROOT, 'bin/parley.mjs'), ...args], { cwd: ROOT, env: ENV }));

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir('parley-shard-db-');
});
afterEach(() => t.cleanup());

/** Runs of the target database (id and status), for "nothing was written". */
function runsOf(db: string): { id: string; options: unknown }[] {
  if (!fs.existsSync(db)) return [];
  const store = openStore(db, { readonly: true });
  try {
    return store.runs.list({ limit: 1000 }).map((r) => ({ id: r.id, options: r.options }));
  } finally {
    store.close();
  }
}

/** Edits a shard file with plain SQL (what anyone can do to a file they send). */
function edit(file: string, sql: string): void {
  const db = new Database(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

function mergedRunId(db: string, files: string[]): string {
  const out = parley(['runs', 'merge', ...files, '--db', db, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout).run_id as string;
}

describe('item 2: a copied command: speech spec never runs by default', () => {
  it('audio-eval of the merged run without --tts refuses it, names the flag, runs nothing; runs show says where it came from', () => {
    const marker = path.join(t.dir, 'ran');
    const files = writeShardDbs(t.dir, {
      count: 2,
      tests: 4,
      options: {
        speech: { tts: `command:["sh","-c","touch ${marker}"]`, stt: 'pocketsphinx', audio_eval: true },
      },
    });
    const db = path.join(t.dir, 'target.db');
    const id = mergedRunId(db, files);
    const out = parley(['audio-eval', id, '--db', db]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--tts: run');
    expect(out.stderr).toContain('was copied from another database');
    expect(out.stderr).toContain('runs a program (command:)');
    expect(fs.existsSync(marker)).toBe(false);
    const show = parley(['runs', 'show', id, '--db', db]);
    expect(show.stdout).toContain(`copied from ${files[0]}, ${files[1]}`);
    const json = JSON.parse(parley(['runs', 'show', id, '--db', db, '--json']).stdout);
    expect(json.copied_from).toEqual(files);
  }, 400_000);
});

describe('item 3: a copied judge never sends a key to a host the user did not configure', () => {
  let server: OpenAiTestServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ instant: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('rejudge without --judge-model refuses the foreign host; once the user adds it, api_key_env is still ignored', async () => {
    const judge = {
      spec: {
        provider: 'openai' as const,
        model: 'tiny',
        endpoints: [server.baseUrl],
        api_key_env: 'CI_TOKEN',
        params: {},
      },
    };
    const files = writeShardDbs(t.dir, {
      count: 2,
      tests: 4,
      withMetrics: true,
      models: { agent: SCRIPTED_AGENT, judge },
    });
    const db = path.join(t.dir, 'target.db');
    const id = mergedRunId(db, files);
    const before = server.requests.length;
    const refused = await parleyAsync(['rejudge', id, '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('a host you have not configured');
    expect(refused.stderr).toContain('--judge-model');
    expect(server.requests.length).toBe(before);
    const stored = openStore(db, { readonly: true });
    try {
      expect(stored.runs.require(id).models.judge?.spec.api_key_env).toBeUndefined();
    } finally {
      stored.close();
    }

    // the user trusts the host (the Models page's endpoint list); the copy's api_key_env stays ignored
    const store = openStore(db);
    store.settings.set('models', { openai_endpoints: [{ name: 'ci', base_url: server.baseUrl, has_key: false }] });
    store.close();
    const ok = await parleyAsync(['rejudge', id, '--db', db, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const sent = server.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(String(r.headers.authorization)).not.toContain(CI_TOKEN);
  }, 400_000);
});

describe('item 9: merged graphs are hashed and validated here', () => {
  it("a shard claiming another agent's content hash gets its own agent version", () => {
    const db = path.join(t.dir, 'target.db');
    const victimGraph = smallGraph({ name: 'Victim agent' });
    const target = openStore(db);
    const victim = target.agents.create(victimGraph);
    target.close();
    const shardGraph = smallGraph({ name: 'Shard agent', global_prompt: 'Something else entirely.' });
    const files = writeShardDbs(t.dir, { count: 2, tests: 2, graph: shardGraph });
    for (const f of files)
      edit(
        f,
        `DROP TRIGGER agent_versions_immutable; UPDATE agent_versions SET content_hash = '${victim.version.content_hash}';`,
      );
    const id = mergedRunId(db, files);
    const store = openStore(db, { readonly: true });
    try {
      const run = store.runs.require(id);
      expect(run.agent_version_id).not.toBe(victim.version.id);
      const version = store.agents.getVersion(run.agent_version_id)!;
      expect(version.graph.global_prompt).toBe('Something else entirely.');
      expect(version.content_hash).toBe(contentHash(version.graph));
      expect(store.agents.getVersion(victim.version.id)!.graph.name).toBe('Victim agent');
    } finally {
      store.close();
    }
  }, 400_000);

  it.each([
    ['a "__proto__" key', (g: string) => g.replace('{', '{"__proto__":{"polluted":true},'), /__proto__/],
    [
      'a snippet bomb',
      (g: string) => {
        const graph = JSON.parse(g);
        graph.snippets = { s: `Say hello. ${'{%s%}'.repeat(30)}` };
        graph.nodes[0].instruction.text = 'Greet {%s%}';
        return JSON.stringify(graph);
      },
      /snippets\.s: .*expands to/,
    ],
  ])(
    'a graph with %s is refused, naming it, and nothing is written',
    (_what, change, message) => {
      const files = writeShardDbs(t.dir, { count: 2, tests: 2 });
      const g = new Database(files[0], { readonly: true });
      const graphJson = (g.prepare('SELECT graph_json FROM agent_versions').get() as { graph_json: string }).graph_json;
      g.close();
      edit(
        files[0],
        `DROP TRIGGER agent_versions_immutable; UPDATE agent_versions SET graph_json = '${change(graphJson).replaceAll("'", "''")}';`,
      );
      const db = path.join(t.dir, 'target.db');
      const out = parley(['runs', 'merge', ...files, '--db', db]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(files[0]);
      expect(out.stderr).toMatch(message);
      expect(runsOf(db)).toEqual([]);
    },
    400_000,
  );
});

describe('item 10: only plain tables are read, with bounds', () => {
  it.each([
    [
      'results as an endless recursive VIEW',
      `DROP TABLE results; CREATE VIEW results AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
         SELECT 'r' || i AS id, (SELECT id FROM runs) AS run_id, 't' AS test, i AS test_index, 0 AS repeat, '{}' AS data_json FROM n;`,
      /"results" is a view, not a table/,
    ],
    [
      'a generated column',
      `ALTER TABLE results RENAME TO old_results; CREATE TABLE results (id TEXT, run_id TEXT, test TEXT, test_index INTEGER,
         repeat INTEGER, status TEXT, end_reason TEXT, turns INTEGER, duration_ms REAL, created_at TEXT,
         data_json TEXT GENERATED ALWAYS AS (printf('%.*c', 100000000, 'x')) VIRTUAL);`,
      /"results\.data_json" is a generated or hidden column/,
    ],
    [
      'a 70 MB result',
      `UPDATE results SET data_json = '"' || printf('%.*c', 70000000, 'x') || '"' WHERE rowid = 1;`,
      /is 67 MB, larger than the 64 MB limit/,
    ],
    [
      '2,000 finished runs',
      `INSERT INTO runs (id, kind, status, agent_id, agent_version_id, agent_name, suite_id, suite_name, models_json,
         options_json, summary_json, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
       SELECT 'run_x' || i, kind, status, agent_id, agent_version_id, agent_name, suite_id, suite_name, models_json,
         options_json, summary_json, created_at FROM runs, n;`,
      /holds 2,001 finished runs; at most 1000 are read/,
    ],
  ])(
    '%s: refused at once, naming the file, and nothing is written',
    (_what, sql, message) => {
      const files = writeShardDbs(t.dir, { count: 2, tests: 4 });
      edit(files[1], sql);
      const db = path.join(t.dir, 'target.db');
      const out = parley(['runs', 'merge', ...files, '--db', db]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(files[1]);
      expect(out.stderr).toMatch(message);
      expect(runsOf(db)).toEqual([]);
    },
    400_000,
  );
});
