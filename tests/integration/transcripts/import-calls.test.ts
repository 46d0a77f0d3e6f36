import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallImportError, importCalls, parseCallFiles } from '../../../src-main/transcripts/index.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { AgentGraph } from '../../../src-shared/schemas/index.js';

const fixtures = path.resolve(__dirname, '../../fixtures/calls');
const GOOD = [
  'retell-flow-call.json',
  'retell-llm-call.json',
  'vapi-call.json',
  'vapi-end-of-call-report.json',
  'plain-transcript.json',
  'plain-caller-agent.json',
].map((f) => path.join(fixtures, f));

let dir: string;
let store: Store;
const count = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  store = openStore(path.join(dir, 'parley.db'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function agent() {
  const { agent, version } = store.agents.create(
    AgentGraph.parse({
      name: 'Dental',
      entry_node_id: 'greet',
      nodes: [{ id: 'greet', type: 'conversation', instruction: { text: 'Greet' } }],
    }),
  );
  return { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name };
}

describe('importCalls into a real SQLite file', () => {
  it('creates one completed imported run with one imported result per call', () => {
    const target = agent();
    const { run, results } = importCalls(store, target, parseCallFiles(GOOD));
    expect([run.kind, run.status, run.agent_version_id, run.suite_name]).toEqual([
      'imported',
      'completed',
      target.agent_version_id,
      'imported calls',
    ]);
    expect(run.started_at).not.toBeNull();
    expect(run.finished_at).not.toBeNull();
    expect(run.summary).toEqual({ total: 6, passed: 6, failed: 0, errored: 0 });
    expect(results.map((r) => [r.test_index, r.status, r.end_reason])).toEqual(
      GOOD.map((_, i) => [i, 'imported', 'imported']),
    );
    expect(count('runs')).toBe(1);
    expect(count('results')).toBe(6);
    const stored = store.results.listByRun(run.id);
    expect(stored[0].test).toBe('call_8f2c41d9a0b34e6f9e1a2b7c3d');
    expect(stored[0].nodes_visited.map((v) => v.node)).toEqual([
      'start-node-greet',
      'node-ask-day',
      'node-book',
      'node-goodbye',
    ]);
    expect(stored[0].tools_called).toHaveLength(2);
    expect(stored[4].test).toBe('plain-transcript');
    expect(stored[0].duration_ms).toBe(71450);
    expect(stored[0].started_at).toBe('2025-01-02T10:00:00.000Z');
  });

  it('a malformed file among good ones writes nothing', () => {
    agent();
    const before = [count('runs'), count('results')];
    expect(() => parseCallFiles([...GOOD, path.join(fixtures, 'malformed/retell-content-not-string.json')])).toThrow(
      CallImportError,
    );
    expect([count('runs'), count('results')]).toEqual(before);
  });

  it('a failure inside the transaction rolls the run back', () => {
    const target = agent();
    const calls = parseCallFiles(GOOD.slice(0, 2));
    (calls[1] as { turns: number }).turns = -1; // the Result schema rejects it mid-import
    expect(() => importCalls(store, target, calls)).toThrow();
    expect([count('runs'), count('results')]).toEqual([0, 0]);
  });

  it('refuses an unknown agent version (foreign key) and writes nothing', () => {
    expect(() =>
      importCalls(
        store,
        { agent_id: 'ag_missing', agent_version_id: 'av_missing', agent_name: 'x' },
        parseCallFiles(GOOD.slice(0, 1)),
      ),
    ).toThrow();
    expect([count('runs'), count('results')]).toEqual([0, 0]);
  });
});
