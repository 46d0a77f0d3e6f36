/**
 * Issue 25 on the scripted model, exactly: a diagnosis naming a node, a proposal, a new version, the
 * re-runs with their verdicts, a regression caught, and the auto-fix stopping on improvement, on
 * all-pass and on no progress. The holdout test never reaches the model (its script fails the call
 * if it does) and runs at the end.
 */
import { describe, expect, it } from 'vitest';
import { EXCHANGE, EXCHANGE_FIX, GIFT, HOURS, REFUND, REFUND_FIX } from '../../support/fix-fixture.js';
import { useFixContext } from './fix-support.js';

const nodeText = (graph: { nodes: { id: string; instruction?: { text: string } }[] }, id: string) =>
  graph.nodes.find((n) => n.id === id)?.instruction?.text;

describe('auto-fix on the scripted model', () => {
  const t = useFixContext();

  it('stops on improvement: a diagnosis naming the node, one edit, a candidate version, re-runs and Fisher verdicts', async () => {
    const { runId, agentId } = await t.startingRun('good', { exchange: true, holdout: true });
    const start = t.store.agents.versions(agentId);
    const { fix, job } = await t.app.fix.start({
      run_id: runId,
      subject: { all: true },
      max_iterations: 3,
      until: 'improved',
    });
    expect(fix.tests).toEqual([REFUND, EXCHANGE]);
    expect(fix.holdout_tests).toEqual([GIFT]);
    await job.done;
    const f = t.app.fix.get(fix.id);
    expect(f.status).toBe('stopped');
    expect(f.stop).toMatchObject({ reason: 'improved', reached: true });
    expect(f.iterations).toHaveLength(1);
    const [it1] = f.iterations;
    // one diagnosis per failing test, each naming the node at fault
    expect(it1.diagnoses.map((d) => [d.subject.tests, d.faults[0].location, d.faults[0].node_id])).toEqual([
      [[REFUND], 'node_instruction', 'refund'],
      [[EXCHANGE], 'node_instruction', 'exchange'],
    ]);
    expect(it1.diagnoses[0].faults[0].turns).toEqual([2]);
    // the proposal: one edit with the original read from the graph
    expect(it1.proposal!.edits).toEqual([
      {
        kind: 'node_instruction',
        node_id: 'refund',
        original: 'Tell the caller refunds are possible.',
        proposed: REFUND_FIX,
        rationale: 'names what the caller needs',
      },
    ]);
    // a new immutable version, not the latest (the app keeps it on request), with a note naming the tests
    const v2 = t.store.agents.getVersion(it1.version_id!)!;
    expect([v2.version, v2.parent_version_id]).toEqual([2, start[0].id]);
    expect(v2.note).toContain(`Fix ${fix.id}, attempt 1, for failing tests "${REFUND}", "${EXCHANGE}" of run ${runId}`);
    expect(nodeText(v2.graph, 'refund')).toBe(REFUND_FIX);
    expect(t.store.agents.getVersion(start[0].id)!.graph.nodes.find((n) => n.id === 'refund')).toMatchObject({
      instruction: { text: 'Tell the caller refunds are possible.' },
    });
    expect(t.store.agents.summary(agentId)!.latest_version_id).toBe(start[0].id);
    // baseline: 1 failed conversation in the starting run + 3 re-run on v1 = 0 of 4; after: 3 of 3 (p = 1/35)
    expect(f.baseline!.counts).toEqual([
      { test: REFUND, k: 0, n: 4 },
      { test: EXCHANGE, k: 0, n: 4 },
    ]);
    expect(it1.targets.map((x) => [x.test, x.before, x.after, x.change, x.all_passed])).toEqual([
      [REFUND, { k: 0, n: 4 }, { k: 3, n: 3 }, 'improved', true],
      [EXCHANGE, { k: 0, n: 4 }, { k: 0, n: 3 }, 'same', false],
    ]);
    expect(it1.targets[0].p).toBeCloseTo(1 / 35, 12);
    expect(t.store.runs.get(it1.target_run_id!)).toMatchObject({
      agent_version_id: v2.id,
      options: { repeats: 3, tests: [REFUND, EXCHANGE] },
    });
    // the rest of the suite (not the holdout test) on v2 against the starting run
    expect(it1.suite).toMatchObject({ skipped: null, regressions: [] });
    expect(it1.suite!.tests.map((x) => [x.test, x.change])).toEqual([[HOURS, 'same']]);
    expect(it1.outcome).toBe('improved');
    // the holdout test ran once, at the end, on the final version
    expect(f.final_version_id).toBe(v2.id);
    expect(f.holdout!.tests.map((x) => [x.test, x.before, x.after, x.change])).toEqual([
      [GIFT, { k: 0, n: 1 }, { k: 1, n: 1 }, 'improved'],
    ]);
    // model calls: 2 diagnoses + 1 proposal; conversations: baseline 6 + targets 6 + suite 1, 4 calls each
    expect([...it1.diagnoses.map((d) => d.cost.calls), it1.proposal!.cost.calls]).toEqual([1, 1, 1]);
    expect(it1.conversation_calls).toBe(13 * 4);
  });

  it('until all-pass: the next iteration edits the accepted version and fixes the second test', async () => {
    const { runId, agentId } = await t.startingRun('good', { exchange: true });
    const { fix, job } = await t.app.fix.start({
      run_id: runId,
      subject: { all: true },
      max_iterations: 3,
      until: 'all-pass',
    });
    await job.done;
    const f = t.app.fix.get(fix.id);
    expect(f.stop).toMatchObject({ reason: 'all_pass', reached: true });
    expect(f.iterations.map((i) => [i.n, i.outcome, i.version])).toEqual([
      [1, 'improved', 2],
      [2, 'all_pass', 3],
    ]);
    const [it1, it2] = f.iterations;
    expect(it2.base_version_id).toBe(it1.version_id);
    // the second iteration reads the failing conversation of the first re-run (on v2)
    expect(it2.diagnoses.map((d) => d.subject.tests)).toEqual([[EXCHANGE]]);
    expect(it2.diagnoses[0].subject.result_ids[0]).toBe(
      t.store.results.listByRun(it1.target_run_id!).find((r) => r.test === EXCHANGE)!.id,
    );
    const v3 = t.store.agents.getVersion(it2.version_id!)!;
    expect(v3.parent_version_id).toBe(it1.version_id);
    expect([nodeText(v3.graph, 'refund'), nodeText(v3.graph, 'exchange')]).toEqual([REFUND_FIX, EXCHANGE_FIX]);
    expect(it2.targets.map((x) => [x.test, x.before, x.after])).toEqual([
      [REFUND, { k: 0, n: 4 }, { k: 3, n: 3 }],
      [EXCHANGE, { k: 0, n: 4 }, { k: 3, n: 3 }],
    ]);
    // the baseline ran once for the whole fix
    expect(t.store.runs.list({ agent_id: agentId }).length).toBe(1 + 1 + 2 * 2);
    expect(f.final_version_id).toBe(v3.id);
    expect(f.holdout).toBeNull();
  });

  it('a fix that breaks another test is a regression: not accepted, named, and the auto-fix does not keep it', async () => {
    const { runId, agentId } = await t.startingRun('breaks-hours');
    const { fix, job } = await t.app.fix.start({
      run_id: runId,
      subject: { test: REFUND },
      max_iterations: 1,
      keepWhenReached: true,
    });
    await job.done;
    const f = t.app.fix.get(fix.id);
    const [it1] = f.iterations;
    expect(it1.targets[0]).toMatchObject({ change: 'improved', all_passed: true });
    expect(it1.suite!.regressions).toEqual([HOURS]);
    expect(it1.suite!.tests).toEqual([
      { test: HOURS, before: { k: 1, n: 1 }, after: { k: 0, n: 1 }, change: 'regressed', p: null },
    ]);
    expect(it1.outcome).toBe('regressed');
    expect(f.stop).toMatchObject({ reason: 'max_iterations', reached: false });
    expect(f.final_version_id).toBeNull();
    expect(f.status).toBe('stopped');
    expect(t.store.agents.summary(agentId)!.version).toBe(1);
  });

  it('stops early when two attempts change the same text without progress, naming the transitions involved', async () => {
    const { runId } = await t.startingRun('stuck');
    const { fix, job } = await t.app.fix.start({ run_id: runId, subject: { test: REFUND }, max_iterations: 5 });
    await job.done;
    const f = t.app.fix.get(fix.id);
    expect(
      f.iterations.map((i) => [i.outcome, i.base_version_id === f.start_version_id, i.suite?.skipped ?? null]),
    ).toEqual([
      ['no_change', true, 'the failing tests did not improve, so the rest of the suite was not run'],
      ['no_change', true, 'the failing tests did not improve, so the rest of the suite was not run'],
    ]);
    expect(f.iterations[1].proposal!.edits[0].proposed).toBe('Tell the caller refunds are possible, and be very kind.');
    expect(f.stop).toMatchObject({
      reason: 'no_progress',
      reached: false,
      transitions: ['greet -> refund (to-refund): The caller asks about a refund'],
    });
    expect(f.stop!.message).toBe(
      'attempts 1 and 2 both changed the instruction of node "refund" without progress: the problem is likely in the graph\'s structure (a transition that is missing, or a condition that sends the call the wrong way); transitions involved: greet -> refund (to-refund): The caller asks about a refund',
    );
  });

  it("a proposal the graph check refuses is recorded with the check's errors and stores no version", async () => {
    const { runId, agentId } = await t.startingRun('invalid');
    const { fix, job } = await t.app.fix.start({ run_id: runId, subject: { test: REFUND }, max_iterations: 1 });
    await job.done;
    const [it1] = t.app.fix.get(fix.id).iterations;
    expect(it1.outcome).toBe('invalid');
    expect(it1.version_id).toBeNull();
    expect(it1.invalid!.map((i) => i.path)).toContain('nodes[4].transitions[1]');
    expect(it1.invalid![0].message).toMatch(/skips the caller's response but also has 1 other edge/);
    expect(t.store.agents.versions(agentId)).toHaveLength(1);
    expect(it1.target_run_id).toBeNull();
  });
});
