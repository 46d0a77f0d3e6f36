import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { importIntoStore } from '../../../src-main/formats/import-into-store.js';
import { storeFixedImport } from '../../../src-main/formats/store-fixed-import.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { useApiContext } from '../../support/api-context.js';

const FILE = fileURLToPath(new URL('../../fixtures/import-problems/retell-cf-dangling-edge.json', import.meta.url));
const TEXT = fs.readFileSync(FILE, 'utf8');
const NAME = path.basename(FILE);

/** Retarget one transition (the fix a user makes on the canvas). */
const retarget = (g: AgentGraph, node: string, transition: string, target: string): AgentGraph => ({
  ...g,
  nodes: g.nodes.map((n) =>
    n.id !== node ? n : { ...n, transitions: n.transitions.map((t) => (t.id === transition ? { ...t, target } : t)) },
  ),
});

describe('an import whose graph has problems (real SQLite)', () => {
  const api = useApiContext();
  const nothingStored = () => {
    expect(api.store.agents.list()).toEqual([]);
    expect(api.store.suites.list()).toEqual([]);
  };

  it('is refused with the problems located in the file and the parsed graph to fix; nothing is written', () => {
    const r = importIntoStore(api.store, TEXT, NAME);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({
      severity: 'error',
      file: NAME,
      path: 'nodes[2].edges[0].destination_node_id',
    });
    expect(r.errors[0]!.message).toContain('"tech_followup", which does not exist; expected one of');
    expect(r.fixable?.format).toBe('retell-cf');
    const support = r.fixable!.graph.nodes.find((n) => n.id === 'support')!;
    expect(support.transitions.map((t) => t.target)).toEqual(['tech_followup']);
    expect(r.fixable!.graph.name).toBe('retell-cf-dangling-edge');
    nothingStored();
  });

  it('offers the graph for an unknown entry node too', () => {
    const text = TEXT.replace('"start_node_id": "greeting"', '"start_node_id": "welcome"');
    const r = importIntoStore(api.store, text, NAME);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toEqual(['start_node_id', 'nodes[2].edges[0].destination_node_id']);
    expect(r.fixable?.graph.entry_node_id).toBe('welcome');
    nothingStored();
  });

  it('keeps parse errors plain refusals: bad JSON and wrong types carry no graph', () => {
    const badJson = importIntoStore(api.store, TEXT.replace('"nodes": [', '"nodes": [,'), NAME);
    expect(badJson).toMatchObject({ ok: false });
    expect(badJson.ok || badJson.fixable).toBeFalsy();
    if (!badJson.ok) expect(badJson.errors[0]!.message).toMatch(/^invalid JSON at line \d+, column \d+/);
    const wrongType = importIntoStore(api.store, TEXT.replace('"id": "support"', '"id": 7'), NAME);
    expect(wrongType.ok).toBe(false);
    if (wrongType.ok) return;
    expect(wrongType.fixable).toBeUndefined();
    expect(wrongType.errors[0]).toMatchObject({ path: 'nodes[2].id' });
    nothingStored();
  });

  it('--drop-dangling imports without the dangling transitions and lists each with its path in the file', () => {
    const r = importIntoStore(api.store, TEXT, NAME, { dropDangling: true });
    expect(r).toMatchObject({ ok: true, kind: 'agent', nodes: 4 });
    if (!r.ok || r.kind !== 'agent') return;
    expect(r.dropped).toEqual([
      {
        node_id: 'support',
        transition_id: 'edge-4',
        target: 'tech_followup',
        graph_path: 'nodes[2].transitions[0]',
        path: 'nodes[2].edges[0]',
      },
    ]);
    const v = api.store.agents.latest(r.id)!;
    expect(v.note).toBe(`imported from ${NAME} (retell-cf); dropped 1 transition to missing nodes`);
    expect(v.graph.nodes.find((n) => n.id === 'support')!.transitions).toEqual([]);
  });

  it('--drop-dangling keeps the paths of later transitions pointing at the right edge of the file', () => {
    // greeting: edge-1 -> nowhere (dropped), edge-2 -> support with an empty prompt (an error at its own path)
    const text = TEXT.replace('"destination_node_id": "billing"', '"destination_node_id": "gone"').replace(
      '"prompt": "Customer has a technical issue or question"',
      '"prompt": ""',
    );
    const r = importIntoStore(api.store, text, NAME, { dropDangling: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toContain('nodes[0].edges[1].transition_condition.prompt');
    nothingStored();
  });

  it('stores the graph once it is fixed, with the same name and provenance as an import; refuses it before', () => {
    const r = importIntoStore(api.store, TEXT, NAME);
    if (r.ok || !r.fixable) throw new Error('expected a fixable import');
    const still = storeFixedImport(api.store, { graph: r.fixable.graph, file: NAME, format: r.fixable.format });
    expect(still.ok).toBe(false);
    if (!still.ok) expect(still.errors[0]!.message).toContain('"tech_followup", which does not exist');
    nothingStored();

    const fixed = retarget(r.fixable.graph, 'support', 'edge-4', 'end_call');
    const ok = storeFixedImport(api.store, { graph: fixed, file: NAME, format: r.fixable.format });
    expect(ok).toMatchObject({ ok: true, name: 'retell-cf-dangling-edge', nodes: 4 });
    if (!ok.ok) return;
    const v = api.store.agents.latest(ok.id)!;
    expect(v.version).toBe(1);
    expect(v.note).toBe(`imported from ${NAME} (retell-cf); problems fixed in the editor before saving`);
    expect(v.graph.source.format).toBe('retell-cf');
    expect(v.graph.nodes.find((n) => n.id === 'support')!.transitions[0]!.target).toBe('end_call');
  });

  it('goes through the API: agents.import returns the graph to fix, agents.importFixed refuses then creates', async () => {
    const out = await dispatch(api.ctx, 'agents.import', { files: [{ name: NAME, text: TEXT }] });
    if (!out.ok) throw new Error(out.error.message);
    const [o] = out.output as { ok: boolean; fixable?: { graph: AgentGraph; format: string } }[];
    expect(o!.ok).toBe(false);
    expect(o!.fixable?.format).toBe('retell-cf');
    nothingStored();

    const refused = await dispatch(api.ctx, 'agents.importFixed', {
      graph: o!.fixable!.graph,
      file: NAME,
      format: 'retell-cf',
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'invalid_input', file: NAME });
    expect(refused.error.message).toMatch(/^not saved: the graph still has 1 error .*nothing was written$/);
    expect(refused.error.issues?.[0]?.path).toBe('nodes[2].transitions[0].target');
    nothingStored();

    const graph = {
      ...o!.fixable!.graph,
      nodes: o!.fixable!.graph.nodes.map((n) => (n.id === 'support' ? { ...n, transitions: [] } : n)),
    };
    const created = await dispatch(api.ctx, 'agents.importFixed', { graph, file: NAME, format: 'retell-cf' });
    if (!created.ok) throw new Error(created.error.message);
    const c = created.output as { agent: { id: string; name: string; version: number } };
    expect(c.agent).toMatchObject({ name: 'retell-cf-dangling-edge', version: 1 });
    expect(api.store.agents.list().map((a) => a.id)).toEqual([c.agent.id]);
  });
});
