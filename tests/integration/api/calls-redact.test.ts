/** calls.import with `redact` (what the import dialog sends, on by default): placeholders stored, counts returned. */
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { useApiContext } from '../../support/api-context.js';
import { generatePiiCalls, piiAgentGraph } from '../../support/pii-calls.js';

describe('calls.import redact', () => {
  const api = useApiContext();
  const { call } = api;
  const set = generatePiiCalls(3);

  it('redact: true stores placeholders and returns the counts; redact: false keeps the originals and says so', async () => {
    const { agent } = api.store.agents.create(AgentGraph.parse(piiAgentGraph));
    const out = await call('calls.import', { agent_id: agent.id, files: set.files, redact: true });
    expect(out.redaction?.applied).toBe(true);
    expect(out.redaction?.replaced.email).toBeGreaterThanOrEqual(3);
    const { run } = await call('runs.get', { id: out.run_id });
    const results = api.store.results.listByRun(out.run_id);
    expect(run.options.redaction).toEqual(out.redaction);
    const stored = JSON.stringify(results);
    expect(set.planted.filter((p) => stored.includes(p.value))).toEqual([]);
    expect(stored).toContain('[EMAIL_1]');

    const kept = await call('calls.import', { agent_id: agent.id, files: set.files.slice(0, 1), redact: false });
    expect(kept.redaction).toEqual({ applied: false, replaced: {} });
    expect(JSON.stringify(api.store.results.listByRun(kept.run_id))).toContain(
      set.planted.find((p) => p.kind === 'email')!.value,
    );
  });
});
