/**
 * The fix loop with the tiny random-weight GGUF (node-llama-cpp, threads 1) as the model that
 * diagnoses and proposes; the starting run and the re-runs are scripted, so only the GGUF's answers
 * vary. Its words are gibberish: this checks the mechanics (grammar-bound answers that fit the
 * schemas and the graph, a candidate version made from the edits, every iteration stored), not
 * the quality of a diagnosis.
 */
import { describe, expect, it } from 'vitest';
import { FAULT_LOCATIONS, type FixSession } from '../../../src-shared/schemas/index.js';
import { resolveEdits } from '../../../src-main/diagnosis/edits.js';
import { ROOT_CAUSE_CHARS, QUOTE_CHARS } from '../../../src-main/diagnosis/diagnose.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { REFUND } from '../../support/fix-fixture.js';
import { useFixContext } from './fix-support.js';

describe('fix with the tiny GGUF as the diagnosing model', () => {
  const t = useFixContext();
  const judge = async () => ({
    provider: 'llama-cpp' as const,
    model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
    params: { threads: 1, context_size: 8192 },
  });

  function checkDiagnoses(fix: FixSession, lines: number) {
    const graph = t.store.agents.getVersion(fix.start_version_id)!.graph;
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const d of fix.iterations.flatMap((i) => i.diagnoses)) {
      expect(d.model).toMatch(/^llama-cpp:/);
      expect(d.cost.calls).toBe(1);
      expect(d.cost.completion_tokens).toBeGreaterThan(0);
      expect(d.root_cause.length).toBeLessThanOrEqual(ROOT_CAUSE_CHARS);
      for (const f of d.faults) {
        expect(FAULT_LOCATIONS).toContain(f.location);
        if (f.node_id !== null) expect(ids.has(f.node_id)).toBe(true);
        expect(f.quote.length).toBeLessThanOrEqual(QUOTE_CHARS);
        for (const turn of f.turns) expect(turn).toBeLessThan(lines);
      }
    }
  }

  it('diagnosis and proposal are valid for the graph; applying makes a candidate version; the iteration is stored', async () => {
    const { runId, agentId } = await t.startingRun('good');
    const spec = await judge();
    const lines = t.store.results.listByRun(runId).find((r) => r.test === REFUND)!.transcript.length;
    const { fix, job } = await t.app.fix.open({ run_id: runId, subject: { test: REFUND }, judge: spec });
    await job.done;
    let f = t.app.fix.get(fix.id);
    checkDiagnoses(f, lines);
    const proposal = f.iterations[0].proposal!;
    expect(proposal.model).toMatch(/^llama-cpp:/);
    expect(proposal.confidence).toBeGreaterThanOrEqual(0);
    expect(proposal.confidence).toBeLessThanOrEqual(1);
    // every edit kept fits the graph (its original read from it); every one left out says why
    const base = t.store.agents.getVersion(f.start_version_id)!.graph;
    expect(resolveEdits(base, proposal.edits).problems).toEqual([]);
    expect(proposal.edits.length + proposal.dropped.length).toBeGreaterThan(0);
    for (const d of proposal.dropped) expect(d).toMatch(/^(edit \d+: |.+: the proposed text is the same)/);

    // apply the model's edits (or, when it gave none that fit, the user's own) and test them
    const edits = proposal.edits.length
      ? proposal.edits
      : [
          {
            kind: 'node_instruction' as const,
            node_id: 'refund',
            original: '',
            proposed: 'Refunds: within 30 days.',
            rationale: '',
          },
        ];
    const applied = await t.app.fix.apply(fix.id, edits);
    await applied.done;
    f = t.app.fix.get(fix.id);
    const [it1] = f.iterations;
    const v = t.store.agents.getVersion(it1.version_id!)!;
    expect(v.version).toBe(2);
    expect(v.note).toContain(`Fix ${fix.id}, attempt 1`);
    expect(t.store.agents.summary(agentId)!.version).toBe(1);
    expect(it1.targets.map((x) => [x.test, x.before.n, x.after.n])).toEqual([[REFUND, 4, 3]]);
    expect(it1.outcome).not.toBeNull();
  }, 600_000);

  it('auto-fix with one iteration stops with a reason and stores what it did', async () => {
    const { runId } = await t.startingRun('good');
    const { fix, job } = await t.app.fix.start({
      run_id: runId,
      subject: { test: REFUND },
      judge: await judge(),
      max_iterations: 1,
    });
    await job.done;
    const f = t.app.fix.get(fix.id);
    expect(f.status).toBe('stopped');
    expect(f.iterations).toHaveLength(1);
    expect(f.stop?.reason).toMatch(/^(improved|all_pass|max_iterations)$/);
    const [it1] = f.iterations;
    expect(it1.outcome).toMatch(/^(improved|all_pass|no_change|regressed|invalid|no_edits)$/);
    // a version exactly when there were edits that passed the graph check
    expect(it1.version_id !== null).toBe(it1.outcome !== 'invalid' && it1.outcome !== 'no_edits');
  }, 600_000);
});
