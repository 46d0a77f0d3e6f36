/**
 * Issue 36, item 3: tests from real calls. 30 generated calls of 3 intents with planted personal data, imported
 * with redaction into a real SQLite file, grouped without a model (2-6 groups, purity >= 0.8), one proposed test
 * per group carrying none of the planted values; with a scripted model that echoes a planted name and phone, the
 * proposal is scrubbed too.
 */
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import type { CallTestsOutcome } from '../../../src-shared/contract/calls.js';
import { useApiContext } from '../../support/api-context.js';
import { generateIntentCalls } from '../../support/intent-calls.js';
import { piiAgentGraph } from '../../support/pii-calls.js';
import { goodScript, seedRuns, writeScript } from './run-control-fixtures.js';

const set = generateIntentCalls(30);

function purity(outcome: CallTestsOutcome, intentOf: Map<string, string>): number {
  let right = 0;
  for (const c of outcome.clusters) {
    const counts = new Map<string, number>();
    for (const id of c.calls) counts.set(intentOf.get(id)!, (counts.get(intentOf.get(id)!) ?? 0) + 1);
    right += Math.max(...counts.values());
  }
  return right / outcome.clusters.reduce((n, c) => n + c.size, 0);
}

describe('calls.proposeTests: tests from real calls', () => {
  const api = useApiContext();

  async function imported() {
    const { agent } = api.store.agents.create(AgentGraph.parse(piiAgentGraph));
    const { run_id } = await api.call('calls.import', { agent_id: agent.id, files: set.files, redact: true });
    // result -> intent, by the call id the generator numbered (call_pii_07 is call 6)
    const intentOf = new Map(
      api.store.results.listByRun(run_id).map((r) => {
        const n = Number(/(\d+)$/.exec(r.test)?.[1] ?? NaN);
        return [r.id, set.intents[n - 1]];
      }),
    );
    return { run_id, intentOf };
  }

  const outcomeOf = async (job_id: string) => {
    const job = await api.job(job_id, 60_000);
    expect(job.status).toBe('done');
    return job.result as CallTestsOutcome;
  };

  it('groups 30 calls of 3 intents into 2-6 groups of purity >= 0.8, each with a test free of the planted values', async () => {
    const { run_id, intentOf } = await imported();
    expect([...intentOf.values()].every(Boolean)).toBe(true);
    const out = await outcomeOf((await api.call('calls.proposeTests', { run_id })).job_id);
    expect(out.k.chosen_by).toBe('silhouette');
    expect(out.clusters.length).toBeGreaterThanOrEqual(2);
    expect(out.clusters.length).toBeLessThanOrEqual(6);
    expect(out.clusters.reduce((n, c) => n + c.size, 0) + out.ungrouped.length).toBe(30);
    expect(purity(out, intentOf)).toBeGreaterThanOrEqual(0.8);
    expect(out.model).toBeNull();
    expect(out.redacted_run).toBe(true);
    const tests = JSON.stringify(out.clusters.map((c) => c.test));
    expect(set.planted.filter((p) => tests.includes(p.value)).map((p) => p.value)).toEqual([]);
    for (const c of out.clusters) {
      expect(c.test.persona).toMatchObject({ goal: expect.stringMatching(/\S/) });
      // these Retell calls record no node transitions (a one-node agent): no path to show
      expect(c.path).toEqual([]);
      expect(c.label).toMatch(/\S/);
    }
    // the tests save into a suite as Cover the gaps' do
    const suite = api.store.suites.create({ name: 'From calls', tests: [] }, 'From calls');
    const saved = await api.call('analysis.saveGapTests', {
      suite_id: suite.id,
      tests: out.clusters.map((c) => c.test),
    });
    expect(saved.added).toHaveLength(out.clusters.length);
  });

  it("a model's proposal that repeats a caller's name and phone is scrubbed before anyone sees it", async () => {
    const { run_id } = await imported();
    const leak = set.planted.find((p) => p.kind === 'name' && p.value.includes(' '))!.value;
    const phone = set.planted.find((p) => p.kind === 'phone' && !p.spoken)!.value;
    const script = writeScript(api.dir, 'groups', {
      name: 'groups',
      chat: [],
      rules: [
        {
          purpose: 'generate_tests',
          reply: {
            label: 'cancellations',
            goal: `My name is ${leak}, call me back on ${phone}. Cancel my visit.`,
            facts: [{ key: 'name', value: leak }],
            criterion: 'The agent cancels the visit',
          },
        },
      ],
    } as never);
    const out = await outcomeOf(
      (
        await api.call('calls.proposeTests', {
          run_id,
          groups: 3,
          model: { provider: 'scripted', model: script, params: {} },
        })
      ).job_id,
    );
    expect(out.k).toMatchObject({ value: 3, chosen_by: 'given' });
    expect(out.model).toBe(`scripted:${script}`);
    const tests = JSON.stringify(out.clusters.map((c) => c.test));
    expect(tests).not.toContain(leak);
    expect(tests).not.toContain(phone);
    expect(tests).toContain('[NAME_1]');
    expect(out.clusters[0].test.metrics).toEqual(['The agent cancels the visit']);
  });

  it("a model call that fails for a group keeps the other groups: that group's test is the draft, with why", async () => {
    const { run_id } = await imported();
    const script = writeScript(api.dir, 'failing', {
      name: 'failing',
      chat: [],
      rules: [{ purpose: 'generate_tests', reply: { $error: 'the server went away' } }],
    } as never);
    const out = await outcomeOf(
      (
        await api.call('calls.proposeTests', {
          run_id,
          groups: 3,
          model: { provider: 'scripted', model: script, params: {} },
        })
      ).job_id,
    );
    expect(out.clusters).toHaveLength(3);
    for (const c of out.clusters) {
      expect(c.note).toMatch(
        /^the model call failed: .*the server went away.*: the test is the draft from the calls' words$/,
      );
      expect(c.test.name).toMatch(/^from calls: /);
    }
  });

  it('refuses a run that is not imported, naming the run', async () => {
    const [id] = await seedRuns(api.store, [goodScript()]);
    await expect(api.call('calls.proposeTests', { run_id: id })).rejects.toThrow(
      `tests from calls need an imported run (parley import-calls); run ${id} is a simulated run`,
    );
  });
});
