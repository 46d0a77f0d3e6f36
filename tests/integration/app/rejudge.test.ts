/**
 * Issue 12, items 1 and 2: re-judging a stored run on the scripted model with scripted
 * disagreements, through the API (runs.rejudge / runs.judgements) on a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { goodScript, seedRuns, writeScript } from '../api/run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';

const SLOT = 'The agent offers a concrete time slot';
const POLITE = 'The agent ends politely';

describe('runs.rejudge', () => {
  const api = useApiContext();
  const spec = (file: string) => ({ provider: 'scripted' as const, model: file, params: {} });
  /** runs.rejudge is a job: its outcome, with the run's report as runs.judgements reads it after. */
  const rejudge = async (input: { id: string; judges: ReturnType<typeof spec>[]; k?: number }) => {
    const { job_id } = await api.call('runs.rejudge', input);
    const job = await api.job(job_id);
    expect(job.status).toBe('done');
    const outcome = job.result as { judgements: number; errors: number };
    return { ...outcome, report: await api.call('runs.judgements', { id: input.id }) };
  };

  it('judges every conversation k times with seeds 1..k and counts the flips exactly', async () => {
    const [runId] = await seedRuns(api.store, [goodScript()], { repeats: 5 });
    const before = api.store.results.listByRun(runId);
    expect(before).toHaveLength(10);
    // the judge changes its mind on the time-slot metric on seed 2 only
    const flaky = writeScript(api.dir, 'flaky-judge', {
      name: 'flaky-judge',
      rules: [{ purpose: 'judge', when: { seed: 2, any: 'concrete time slot' }, reply: 0.3 }],
      defaults: { score: 0.9 },
    });
    const out = await rejudge({ id: runId, judges: [spec(flaky)], k: 3 });
    expect(out.judgements).toBe(30);
    expect(out.errors).toBe(0);
    const slot = out.report.consistency.find((c) => c.criterion === SLOT)!;
    const polite = out.report.consistency.find((c) => c.criterion === POLITE)!;
    expect([slot.conversations, slot.k, slot.flips, slot.unstable]).toEqual([5, 3, 5, true]);
    expect(slot.summary).toBe('unstable judge: 5 of 5 verdicts flip');
    expect(slot.flipped[0].verdicts).toEqual([true, false, true]);
    expect(slot.mean_spread).toBeCloseTo(0.6, 10);
    expect([polite.flips, polite.unstable, polite.summary]).toEqual([0, false, 'stable judge: 0 of 5 verdicts flip']);
    expect(out.report.unstable).toEqual([`${SLOT} (scripted:flaky-judge.json): unstable judge: 5 of 5 verdicts flip`]);
    // the majority (2 of 3 pass) agrees with the original everywhere
    const pair = out.report.pairs.find((p) => p.criterion === SLOT)!;
    expect(pair.table).toEqual({ fail_fail: 0, fail_pass: 0, pass_fail: 0, pass_pass: 5 });
    // stored beside the originals, which are unchanged
    expect(api.store.judgements.countByRun(runId)).toBe(30);
    expect(api.store.results.listByRun(runId)).toEqual(before);
    expect(await api.call('runs.judgements', { id: runId })).toEqual(out.report);
  });

  it('judge against judge: confusion table, kappa and both reasonings for every disagreement', async () => {
    const [runId] = await seedRuns(api.store, [goodScript()], { repeats: 5 });
    const strict = writeScript(api.dir, 'strict-judge', {
      name: 'strict-judge',
      rules: [
        {
          purpose: 'judge',
          when: { any: 'ends politely' },
          reply: { metric_1: { score: 0.2, reasoning: 'no goodbye heard' } },
        },
      ],
      defaults: { score: 0.9 },
    });
    const lenient = writeScript(api.dir, 'lenient-judge', { name: 'lenient-judge', defaults: { score: 0.8 } });
    const out = await rejudge({ id: runId, judges: [spec(strict), spec(lenient)] });
    expect(out.judgements).toBe(20);
    expect(out.report.consistency).toEqual([]); // k = 1: nothing to be consistent with
    const polite = out.report.pairs.find(
      (p) => p.a === 'original' && p.b === 'scripted:strict-judge.json' && p.criterion === POLITE,
    )!;
    // original passes all 5, strict fails all 5
    expect(polite.table).toEqual({ fail_fail: 0, fail_pass: 0, pass_fail: 5, pass_pass: 0 });
    expect(polite.accuracy.k).toBe(0);
    expect(polite.kappa).toBe(0); // po = 0, pe = 1·0 + 0·1 = 0
    expect(polite.spearman).toBeNull(); // both sides constant
    expect(polite.disagreements).toHaveLength(5);
    expect(polite.disagreements[0].b).toEqual({ passed: false, score: 0.2, reasoning: 'no goodbye heard' });
    expect(polite.disagreements[0].a.passed).toBe(true);
    // the N-judge matrix: strict against lenient too
    // re-judges pair up in name order: lenient before strict
    const cross = out.report.pairs.filter((p) => p.a === 'scripted:lenient-judge.json');
    expect(cross.every((p) => p.b === 'scripted:strict-judge.json')).toBe(true);
    expect(cross.map((p) => [p.criterion, p.table.pass_fail + p.table.fail_pass])).toEqual([
      [SLOT, 0],
      [POLITE, 5],
    ]);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const [runId] = await seedRuns(api.store, [goodScript()]);
    const judge = writeScript(api.dir, 'j', { name: 'j' });
    const bad = async (input: object) => {
      const r = await dispatch(api.ctx, 'runs.rejudge', input);
      expect(r.ok).toBe(false);
      return r.ok ? undefined : r.error;
    };
    expect(await bad({ id: runId, judges: [spec(judge)], k: 0 })).toMatchObject({
      code: 'invalid_input',
      path: 'k',
      message: 'expected a whole number of judgements per conversation from 1 to 50, got 0',
    });
    expect((await bad({ id: runId, judges: [spec(judge)], k: 1_000_000 }))?.message).toMatch(
      /from 1 to 50, got 1000000/,
    );
    expect((await bad({ id: 'run_nope', judges: [spec(judge)] }))?.code).toBe('not_found');
    expect((await bad({ id: runId, judges: [spec(judge), spec(judge)] }))?.message).toMatch(/given twice/);
    expect((await bad({ id: runId, judges: [spec(`${api.dir}/missing.json`)] }))?.message).toMatch(/not found/);
    const [bare] = await seedRuns(api.store, [goodScript()], {
      suite: { tests: [{ name: 'no metrics', user_prompt: 'Hi', max_turns: 2 }] },
    });
    expect((await bad({ id: bare, judges: [spec(judge)] }))?.message).toMatch(
      new RegExp(`run ${bare} has no LLM metric verdicts to re-judge`),
    );
    expect(api.store.judgements.countByRun(runId) + api.store.judgements.countByRun(bare)).toBe(0);
  });
});
