import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { smallGraph } from '../../support/graphs.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('agents repository', () => {
  let store: Store;
  let cleanup: () => void;
  beforeEach(() => {
    const t = tempDir();
    cleanup = t.cleanup;
    store = openStore(tempDbPath(t.dir));
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  it('creates an agent with version 1 and a content hash', () => {
    const { agent, version } = store.agents.create(smallGraph());
    expect(agent.name).toBe('Small agent');
    expect(agent.node_count).toBe(2);
    expect(version.version).toBe(1);
    expect(version.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a fix's candidate version is numbered but not the latest until kept; it records the version it was made from", () => {
    const { agent, version: v1 } = store.agents.create(smallGraph());
    const cand = store.agents.addCandidateVersion(
      agent.id,
      smallGraph({ global_prompt: 'be brief' }),
      'fix attempt 1',
      v1.id,
    );
    expect([cand.version, cand.parent_version_id]).toEqual([2, v1.id]);
    expect(store.agents.summary(agent.id)!.latest_version_id).toBe(v1.id);
    // a save in the editor meanwhile takes the next number, not the candidate's
    const saved = store.agents.saveVersion(agent.id, smallGraph({ global_prompt: 'be kind' }), 'edited');
    expect(saved.version.version).toBe(3);
    expect(store.agents.versions(agent.id).map((v) => [v.version, v.parent_version_id])).toEqual([
      [3, null],
      [2, v1.id],
      [1, null],
    ]);
    store.agents.setLatest(agent.id, cand.id);
    expect(store.agents.summary(agent.id)!.version).toBe(2);
    expect(() => store.agents.setLatest(agent.id, 'av_nope')).toThrow(/has no version av_nope/);
  });

  it('every changed save is a new version; an unchanged save is not', () => {
    const { agent } = store.agents.create(smallGraph());
    const same = store.agents.saveVersion(agent.id, smallGraph());
    expect(same.created).toBe(false);
    const changed = store.agents.saveVersion(agent.id, smallGraph({ global_prompt: 'Be brief.' }), 'prompt');
    expect(changed.created).toBe(true);
    expect(changed.version.version).toBe(2);
    expect(store.agents.summary(agent.id)!.latest_version_id).toBe(changed.version.id);
    expect(store.agents.versions(agent.id).map((v) => v.version)).toEqual([2, 1]);
    expect(store.agents.getVersion(store.agents.versions(agent.id)[1].id)!.graph.global_prompt).toBe('');
  });

  it('versions are immutable at the database level', () => {
    const { version } = store.agents.create(smallGraph());
    expect(() => store.db.prepare("UPDATE agent_versions SET graph_json = '{}' WHERE id = ?").run(version.id)).toThrow(
      /immutable/,
    );
    expect(store.agents.getVersion(version.id)!.graph.nodes).toHaveLength(2);
  });

  it('finds by id or unique name and refuses an ambiguous name', () => {
    const a = store.agents.create(smallGraph(), { name: 'Clinic' }).agent;
    expect(store.agents.find('Clinic')!.id).toBe(a.id);
    expect(store.agents.find(a.id)!.name).toBe('Clinic');
    store.agents.create(smallGraph(), { name: 'Clinic' });
    expect(() => store.agents.find('Clinic')).toThrow(/ambiguous/);
    expect(store.agents.find('nope')).toBeUndefined();
  });

  it('refuses to delete an agent with runs unless forced', () => {
    const { agent, version } = store.agents.create(smallGraph());
    store.runs.create({
      kind: 'simulated',
      agent_id: agent.id,
      agent_version_id: version.id,
      agent_name: 'x',
      suite_id: null,
      suite_name: 's',
      models: {},
      options: { concurrency: 1 },
    });
    expect(() => store.agents.delete(agent.id)).toThrow(/has 1 run/);
    expect(store.agents.delete(agent.id, { force: true })).toEqual({ deleted_runs: 1 });
    expect(store.agents.list()).toEqual([]);
  });
});
