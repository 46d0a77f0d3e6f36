import { describe, expect, it } from 'vitest';
import { useApiContext } from '../../support/api-context.js';

/** Issue 39 item 8 through the app's door (`agents.import`, as the app and web mode import files). */
describe('unknown keys in files the app imports', () => {
  const t = useApiContext();

  it('refuses a suite whose test has a misspelled assertion, names it, and stores nothing', async () => {
    const text = JSON.stringify({ name: 'Greetings', tests: [{ name: 'greets', inclueds: ['never said'] }] });
    const [outcome] = await t.call('agents.import', { files: [{ name: 'suite.json', text }] });
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome!.errors).toEqual([
      expect.objectContaining({
        path: 'tests[0].inclueds',
        message: expect.stringContaining('did you mean includes?'),
      }),
    ]);
    expect(t.store.suites.list().map((s) => s.name)).not.toContain('Greetings');
  });

  it('imports an agent with a node key no check reads, with a warning naming it', async () => {
    const agent = {
      name: 'Hello',
      entry_node_id: 'a',
      nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'Hi' }, transitons: [] }],
    };
    const [outcome] = await t.call('agents.import', { files: [{ name: 'agent.json', text: JSON.stringify(agent) }] });
    expect(outcome).toMatchObject({ ok: true, kind: 'agent' });
    expect(outcome!.warnings).toContainEqual(
      expect.objectContaining({
        path: 'nodes[0].transitons',
        message: expect.stringContaining('did you mean transitions?'),
      }),
    );
  });
});
