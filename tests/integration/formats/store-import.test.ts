import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIntoStore } from '../../../src-main/formats/import-into-store.js';
import { AppError, resolveAgentRef } from '../../../src-main/app/index.js';

/** A ref as the command line reads it (files allowed); without a store, files only. */
const resolveAgent = (ref: string, o: { store?: Store } = {}) => resolveAgentRef(o.store, ref, { files: true });
import { openStore, type Store } from '../../../src-main/store/index.js';
import { CORPUS_DIR, FIXTURE_DIR, read } from '../../unit/formats/helpers.js';

describe('importIntoStore and resolveAgentRef (app/refs/refs.ts) with a real SQLite store', () => {
  let dir: string;
  let store: Store;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    store = openStore(path.join(dir, 'store.db'));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores an agent named after its file when the file names none, with a note of where it came from', () => {
    const r = importIntoStore(
      store,
      read(path.join(FIXTURE_DIR, 'revring-order-status.json')),
      '/some/where/order-hotline.json',
    );
    expect(r).toMatchObject({ ok: true, kind: 'agent', name: 'order-hotline', format: 'revring', nodes: 8 });
    if (!r.ok) return;
    const v = store.agents.latest(r.id)!;
    expect(v.note).toBe('imported from order-hotline.json (revring)');
    expect(v.graph.source.format).toBe('revring');
  });

  it('stores a suite named after its file', () => {
    const r = importIntoStore(store, read(path.join(CORPUS_DIR, 'demo-tests.json')), 'demo-tests.json');
    expect(r).toMatchObject({ ok: true, kind: 'suite', name: 'demo-tests', tests: 8 });
    if (r.ok) expect(store.suites.get(r.id)?.data.tests[0].type).toBe('llm');
  });

  it('writes nothing when the file has errors', () => {
    const n = () => (store.db.prepare('SELECT count(*) AS n FROM agents').get() as { n: number }).n;
    const before = n();
    const r = importIntoStore(store, '{"schemaVersion": 1}', 'half.json');
    expect(r.ok).toBe(false);
    expect(n()).toBe(before);
  });

  it('resolves an id, a unique name, or a file path (in memory)', () => {
    const a = importIntoStore(store, read(path.join(CORPUS_DIR, 'vapi-sample_assistant_simple.json')), 'simple.json');
    if (!a.ok) throw new Error('import');
    expect(resolveAgent(a.id, { store })).toMatchObject({
      from: 'store',
      id: a.id,
      name: 'Simple Greeter',
      version: 1,
    });
    expect(resolveAgent('Simple Greeter', { store })).toMatchObject({ from: 'store', id: a.id });
    const file = path.join(FIXTURE_DIR, 'vapi-squad-clinic.json');
    const before = store.agents.list().length;
    const f = resolveAgent(file, { store });
    expect(f).toMatchObject({ from: 'file', name: 'Clinic front desk squad', format: 'vapi-squad' });
    expect(f.graph.nodes).toHaveLength(3);
    expect(store.agents.list()).toHaveLength(before);
    expect(resolveAgent(file)).toMatchObject({ from: 'file' });
  });

  it('explains what it could not resolve', () => {
    importIntoStore(store, read(path.join(CORPUS_DIR, 'graphs-simple_graph.json')), 'twin.json');
    importIntoStore(store, read(path.join(CORPUS_DIR, 'graphs-simple_graph.json')), 'twin.json');
    expect(() => resolveAgent('twin', { store })).toThrow(/ambiguous \(2 agents have it/);
    expect(() => resolveAgent('nobody', { store })).toThrow(AppError);
    expect(() => resolveAgent(path.join(CORPUS_DIR, 'demo-tests.json'), { store })).toThrow(
      /is a test suite \(voicetest-tests\); expected an agent file/,
    );
    const bad = path.join(dir, 'bad-agent.json');
    fs.writeFileSync(bad, '{"start_node_id": "a", "nodes": [{"id": "a", "type": "conversation"}]}');
    try {
      resolveAgent(bad, { store });
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).error.issues?.[0]).toMatchObject({ path: 'nodes[0].instruction' });
    }
  });
});
