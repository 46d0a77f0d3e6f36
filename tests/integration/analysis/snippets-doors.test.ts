/**
 * Snippet analysis through both doors on a real SQLite file: the API (analysis.snippets,
 * analysis.applySnippets) and `parley analyze snippets`; applying stores a new version whose every
 * expanded prompt is byte-equal to the old one, and a bad request stores nothing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { expandedPrompts } from '../../../src-main/analysis/prompt-fields.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { useApiContext } from '../../support/api-context.js';

const root = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(root, 'tests/fixtures/analysis/clinic-repeats.json');
const graph = () => AgentGraph.parse(JSON.parse(readFileSync(fixture, 'utf8')));

const parley = (args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args], { encoding: 'utf8' });

describe('snippet analysis through the API and the CLI', () => {
  const api = useApiContext();

  it('analysis.applySnippets stores a new version with the same expanded prompts', async () => {
    const { agent } = await api.call('agents.create', { graph: graph() });
    const { report } = await api.call('analysis.snippets', { agent_id: agent.id });
    expect(report.candidates.map((c) => c.id)).toEqual(['x1', 'x2']);
    const out = await api.call('analysis.applySnippets', {
      agent_id: agent.id,
      candidate_ids: ['x1'],
      names: { x1: 'tone' },
    });
    expect(out.created).toBe(true);
    expect(out.version.version).toBe(2);
    expect(out.version.note).toBe('snippets: tone');
    const v2 = api.store.agents.getVersion(out.version.id)!.graph;
    expect(v2.snippets).toEqual({ tone: report.candidates[0].text });
    expect(expandedPrompts(v2)).toEqual(expandedPrompts(graph()));
    // the analysis of v1 is still there by number
    const again = await api.call('analysis.snippets', { agent_id: agent.id, agent_version_id: '1' });
    expect(again.report.candidates.length).toBe(2);
  });

  it('a bad request names the field and stores nothing', async () => {
    const { agent } = await api.call('agents.create', { graph: graph() });
    const r = await dispatch(api.ctx, 'analysis.applySnippets', { agent_id: agent.id, candidate_ids: ['x1', 'zz'] });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'candidate_ids[1]' } });
    expect(!r.ok && r.error.message).toMatch(/no snippet candidate zz in Clinic v1 \(it has x1, x2\)/);
    const missing = await dispatch(api.ctx, 'analysis.snippets', { agent_id: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(api.store.agents.versions(agent.id).length).toBe(1);
  });

  it('parley analyze snippets lists the candidates and --apply saves the new version', () => {
    const db = path.join(api.dir, 'cli.db');
    expect(parley(['import', fixture, '--db', db]).status).toBe(0);
    const list = parley(['analyze', 'snippets', 'Clinic', '--db', db]);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('2 exact repeats');
    expect(list.stdout).toContain('x1  {%speak_calmly_use_short%}  repeated 3x');
    const json = JSON.parse(parley(['analyze', 'snippets', 'Clinic', '--db', db, '--json']).stdout);
    expect(json.report.candidates).toHaveLength(2);
    const bad = parley(['analyze', 'snippets', 'Clinic', '--db', db, '--threshold', 'high']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--threshold: expected a number, got "high"');
    const applied = parley(['analyze', 'snippets', 'Clinic', '--db', db, '--apply']);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain('saved v2 with 2 new snippets: speak_calmly_use_short, never_give_medical_advice');
    const store = openStore(db);
    try {
      const agent = store.agents.find('Clinic')!;
      const [v1, v2] = store.agents.versions(agent.id).sort((a, b) => a.version - b.version);
      expect(expandedPrompts(store.agents.getVersion(v2.id)!.graph)).toEqual(
        expandedPrompts(store.agents.getVersion(v1.id)!.graph),
      );
    } finally {
      store.close();
    }
  });
});
