import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../src-main/app/door/context.js';
import { dispatch } from '../../src-main/api/dispatch.js';
import { openStore, type Store } from '../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../support/tmp.js';
import { demoGraph } from './support/graph-editor.js';

/** The agent-format handlers (import, validate, export, graphDiff, formats.list) through dispatch, on a real SQLite file. */
const FIXTURE = fileURLToPath(new URL('../fixtures/ui/retell-sample_config_global_nodes.json', import.meta.url));

describe('agents-formats API handlers', () => {
  let store: Store;
  let ctx: ApiContext;
  let tmp: ReturnType<typeof tempDir>;
  const call = async (m: string, input: unknown) => {
    const r = await dispatch(ctx, m, input);
    if (!r.ok) throw new Error(`${m}: ${r.error.code} ${r.error.message}`);
    return r.output as never;
  };
  beforeAll(() => {
    tmp = tempDir();
    store = openStore(tempDbPath(tmp.dir));
    ctx = createApiContext(store, 'web');
  });
  afterAll(async () => {
    await disposeApiContext(ctx);
    store.close();
    tmp.cleanup();
  });

  it('imports each file on its own: good files are stored, bad ones report file, line and column', async () => {
    const out: {
      file: string;
      ok: boolean;
      kind?: string;
      nodes?: number;
      id?: string;
      errors: { path: string; message: string; file?: string }[];
    }[] = await call('agents.import', {
      files: [
        { name: 'pizza.json', text: fs.readFileSync(FIXTURE, 'utf8') },
        { name: 'broken.json', text: '{\n  "start_node_id": "a",\n  "nodes": [,]\n}' },
      ],
    });
    expect(out[0]).toMatchObject({ file: 'pizza.json', ok: true, kind: 'agent', nodes: 6 });
    expect(store.agents.latest(out[0]!.id!)!.graph.nodes).toHaveLength(6);
    expect(out[1]!.ok).toBe(false);
    expect(out[1]!.errors[0]!.file).toBe('broken.json');
    expect(out[1]!.errors[0]!.message).toMatch(/line 3, column \d+/);
    expect(store.agents.list()).toHaveLength(1);
  });

  it('validates a graph and names the node and transition of each issue', async () => {
    const g = demoGraph();
    g.nodes[0]!.transitions[0]!.condition = { kind: 'prompt', prompt: '' };
    g.entry_node_id = 'missing';
    const issues: { severity: string; path: string; node_id?: string; transition_id?: string; message: string }[] =
      await call('agents.validate', { graph: g });
    const empty = issues.find((i) => i.message.includes('prompt condition'))!;
    expect(empty).toMatchObject({ severity: 'error', node_id: 'greet', transition_id: 'to-ask' });
    expect(issues.find((i) => i.path === 'entry_node_id')).toMatchObject({ severity: 'error' });
    const ok: unknown[] = await call('agents.validate', { graph: demoGraph() });
    expect(ok.filter((i) => (i as { severity: string }).severity === 'error')).toEqual([]);
  });

  it('treats a logic node without else as Retell does when the graph came from Retell', async () => {
    const g = demoGraph();
    g.nodes[2]!.transitions = g.nodes[2]!.transitions.filter((t) => t.condition.kind !== 'else');
    const strict: { severity: string; node_id?: string; message: string }[] = await call('agents.validate', {
      graph: g,
    });
    expect(strict.find((i) => i.message.includes('no else edge'))!.severity).toBe('error');
    const lenient: { severity: string; message: string }[] = await call('agents.validate', {
      graph: { ...g, source: { format: 'retell-cf', meta: {} } },
    });
    expect(lenient.find((i) => i.message.includes('no else edge'))!.severity).toBe('warning');
  });

  it('exports a version with a filename per format and lists what a format drops', async () => {
    const { agent } = store.agents.create(demoGraph());
    const parley: { text: string; filename: string; dropped: unknown[] } = await call('agents.export', {
      id: agent.id,
      format: 'parley',
    });
    expect(parley.filename).toBe('Demo_clinic.v1.parley.json');
    expect(JSON.parse(parley.text)).toBeTruthy();
    expect(parley.dropped).toEqual([]);
    const mermaid: { text: string; filename: string } = await call('agents.export', {
      id: agent.id,
      format: 'mermaid',
    });
    expect(mermaid.filename.endsWith('.mmd')).toBe(true);
    expect(mermaid.text).toMatch(/flowchart|graph/);
    const missing = await dispatch(ctx, 'agents.export', { id: 'nope', format: 'parley' });
    expect(missing.ok ? '' : missing.error.code).toBe('not_found');
  });

  it('gives the readable change list between two versions', async () => {
    const { agent, version } = store.agents.create(demoGraph());
    const g = demoGraph();
    const greet = g.nodes[0]!;
    if (greet.type !== 'conversation') throw new Error('greet is a conversation node');
    greet.instruction = { mode: 'prompt', text: 'Say hello.' };
    const v2 = store.agents.saveVersion(agent.id, g).version;
    const diff: {
      from: { version: number };
      to: { version: number };
      changes: { kind: string; node?: string; text: string }[];
    } = await call('agents.graphDiff', { from_version_id: version.id, to_version_id: v2.id });
    expect(diff.from.version).toBe(1);
    expect(diff.to.version).toBe(2);
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({ kind: 'changed', node: 'greet' });
  });

  it('lists the formats with what each can do', async () => {
    const list: { id: string; name: string; import: boolean; export: boolean }[] = await call('formats.list', {});
    expect(list.find((f) => f.id === 'retell-cf')).toMatchObject({ import: true, export: true });
    expect(list.find((f) => f.id === 'mermaid')).toMatchObject({ import: false, export: true });
    expect(list.find((f) => f.id === 'voicetest-tests')).toMatchObject({ import: true, export: false });
  });
});
