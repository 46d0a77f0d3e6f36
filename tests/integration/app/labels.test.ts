/**
 * Issue 12, item 3: human labels through the API on real SQLite files: they survive re-judging,
 * travel between two databases (export -> import), and bad input writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { useApiContext } from '../../support/api-context.js';
import { dispatchCaller } from '../../support/dispatch-call.js';
import { goodScript, seedRuns, writeScript } from '../api/run-control-fixtures.js';

const SLOT = 'The agent offers a concrete time slot';
const POLITE = 'The agent ends politely';

describe('human labels', () => {
  const api = useApiContext();
  const spec = (file: string) => ({ provider: 'scripted' as const, model: file, params: {} });

  /** 5 repeats of the two-test clinic suite: 10 results, one metric each, all passed by the judge (0.9). */
  async function labelledRun() {
    const [runId] = await seedRuns(api.store, [goodScript()], { repeats: 5 });
    const results = api.store.results.listByRun(runId);
    const slot = results.filter((r) => r.metrics[0].criterion === SLOT);
    const polite = results.filter((r) => r.metrics[0].criterion === POLITE);
    // reviewers: the judge was wrong on 2 of 5 time-slot verdicts, right on the rest; polite: 3 set directly
    for (const [i, r] of slot.entries())
      await api.call('labels.set', {
        result_id: r.id,
        criterion: SLOT,
        judge: i < 2 ? 'wrong' : 'right',
        reviewer: 'ana',
        ...(i === 0 ? { note: 'no slot was offered, only a day' } : {}),
      });
    for (const r of polite.slice(0, 3))
      await api.call('labels.set', { result_id: r.id, criterion: POLITE, human_passed: true, reviewer: 'ben' });
    return { runId, results, slot, polite };
  }

  it('stores labels by result and metric, remembers the reviewer, and reports agreement exactly', async () => {
    const { runId, slot } = await labelledRun();
    const list = await api.call('labels.list', { run_id: runId });
    expect(list.labels).toHaveLength(8);
    expect(list.reviewer).toBe('ben');
    const first = list.labels.find((l) => l.result_id === slot[0].id)!;
    expect(first).toMatchObject({ human_passed: false, judge_passed: true, marked: 'wrong', reviewer: 'ana' });
    expect(first.note).toBe('no slot was offered, only a day');
    // relabelling replaces (one label per verdict), keeps the note unless a new one is given
    await api.call('labels.set', { result_id: slot[0].id, criterion: SLOT, human_passed: false, reviewer: 'cy' });
    const again = (await api.call('labels.list', { run_id: runId })).labels;
    expect(again).toHaveLength(8);
    expect(again.find((l) => l.result_id === slot[0].id)).toMatchObject({
      reviewer: 'cy',
      marked: null,
      note: first.note,
    });

    const report = await api.call('labels.agreement', { run_id: runId });
    expect([report.labels, report.verdicts, report.reviewers]).toEqual([8, 10, ['ben', 'cy', 'ana'].sort()]);
    const s = report.rows.find((r) => r.judge === 'original' && r.criterion === SLOT)!;
    // judge passes all 5, reviewers fail 2: accuracy 3/5, recall of fail 0/2, precision of fail undefined (0 of 0)
    expect(s.table).toEqual({ fail_fail: 0, fail_pass: 0, pass_fail: 2, pass_pass: 3 });
    expect([s.accuracy.k, s.accuracy.n, s.recall_fail.k, s.recall_fail.n, s.precision_fail.n]).toEqual([3, 5, 0, 2, 0]);
    expect(s.kappa).toBe(0);
    const all = report.rows.find((r) => r.judge === 'original' && r.criterion === null)!;
    expect([all.n, all.accuracy.k]).toEqual([8, 6]);
    // deleting the run deletes its labels
    await api.call('runs.delete', { id: runId });
    expect(api.store.labels.countByRun(runId)).toBe(0);
  });

  it('labels survive re-judging, and each re-judge model is measured against them', async () => {
    const { runId, slot } = await labelledRun();
    const before = (await api.call('labels.list', { run_id: runId })).labels;
    // a strict judge fails every time-slot verdict
    const strict = writeScript(api.dir, 'strict', {
      name: 'strict',
      rules: [{ purpose: 'judge', when: { any: 'concrete time slot' }, reply: 0.2 }],
      defaults: { score: 0.9 },
    });
    await api.job((await api.call('runs.rejudge', { id: runId, judges: [spec(strict)] })).job_id);
    // reopen the file: the labels are on disk as they were
    const again = openStore(api.store.file);
    try {
      expect(again.labels.listByRun(runId)).toEqual(before);
    } finally {
      again.close();
    }
    const report = await api.call('labels.agreement', { run_id: runId });
    const s = report.rows.find((r) => r.judge === 'scripted:strict.json' && r.criterion === SLOT)!;
    // strict fails all 5; reviewers failed 2: precision of fail 2/5, recall 2/2
    expect(s.table).toEqual({ fail_fail: 2, fail_pass: 3, pass_fail: 0, pass_pass: 0 });
    expect([s.precision_fail.k, s.precision_fail.n, s.recall_fail.k, s.recall_fail.n]).toEqual([2, 5, 2, 2]);
    expect(slot).toHaveLength(5);
  });

  it('exports from one database file and imports into another; a second import changes nothing', async () => {
    const [runId] = await seedRuns(api.store, [goodScript()], { repeats: 2 });
    const copy = path.join(api.dir, 'workstation-b.db');
    await api.store.backup(copy); // the same runs and results, no labels yet
    const results = api.store.results.listByRun(runId);
    for (const r of results)
      await api.call('labels.set', {
        result_id: r.id,
        criterion: r.metrics[0].criterion,
        human_passed: r.test_index === 0,
        reviewer: 'ana',
        note: `note ${r.id}`,
      });
    const file = await api.call('labels.export', { run_id: runId });
    expect(file.labels).toHaveLength(4);
    const text = JSON.stringify(file, null, 2);

    const storeB = openStore(copy);
    const ctxB = createApiContext(storeB, 'web');
    const callB = dispatchCaller(() => ctxB);
    try {
      const imported = await callB('jobs.get', {
        id: (await callB('labels.import', { text, file: 'labels.json' })).job_id,
      });
      expect(imported).toMatchObject({ kind: 'labels-import', status: 'done' });
      expect(imported.result).toEqual({ file: 'labels.json', added: 4, updated: 0, kept: 0 });
      const strip = (ls: { id: string }[]) => ls.map(({ id: _id, ...l }) => l);
      expect(strip((await callB('labels.list', { run_id: runId })).labels)).toEqual(
        strip((await api.call('labels.list', { run_id: runId })).labels),
      );
      expect(await callB('labels.agreement', { run_id: runId })).toEqual(
        await api.call('labels.agreement', { run_id: runId }),
      );
      const again = await callB('jobs.get', {
        id: (await callB('labels.import', { text, file: 'labels.json' })).job_id,
      });
      expect(again.result).toMatchObject({ kept: 4 });
      expect(storeB.labels.countByRun(runId)).toBe(4);
    } finally {
      await disposeApiContext(ctxB);
      storeB.close();
    }
  });

  it('rejects bad input naming the file, the JSON path and what was expected, and writes nothing', async () => {
    const [runId] = await seedRuns(api.store, [goodScript()]);
    const [r0, r1] = api.store.results.listByRun(runId);
    await api.call('labels.set', { result_id: r0.id, criterion: SLOT, human_passed: true, reviewer: 'ana' });
    const good = await api.call('labels.export', { run_id: runId });
    const snapshot = () => JSON.stringify(api.store.db.prepare('SELECT * FROM labels ORDER BY id').all());
    const before = snapshot();
    const attempt = async (doc: unknown) => {
      const out = await dispatch(api.ctx, 'labels.import', {
        text: typeof doc === 'string' ? doc : JSON.stringify(doc),
        file: 'team.json',
      });
      if (out.ok) throw new Error('expected an error');
      expect(snapshot()).toBe(before);
      return out.error;
    };
    const fresh = { ...good.labels[0], result_id: r1.id, criterion: POLITE, updated_at: '2999-01-01T00:00:00Z' };

    // a label for an unknown (deleted) result, beside a valid one: nothing is written, not even the valid one
    const unknown = await attempt({ ...good, labels: [fresh, { ...good.labels[0], result_id: 'res_gone' }] });
    expect(unknown.code).toBe('invalid_input');
    expect(unknown.file).toBe('team.json');
    expect(unknown.path).toBe('labels[1].result_id');
    expect(unknown.message).toMatch(
      /^team\.json: labels\[1\]\.result_id: no result res_gone \(books a cleaning, repeat 1\) in this database/,
    );
    expect(unknown.message).toContain('run ' + runId + ' is here, but not this result: it was deleted');
    expect(unknown.message).toContain('nothing was imported');

    // malformed JSON: line and column
    const broken = await attempt('{"parley_labels": 1,\n  "labels": [}');
    expect(broken.message).toMatch(/^team\.json: labels(\[0\])?: not valid JSON at line 2, column \d+/);

    // a wrong value at a JSON path
    const wrong = await attempt({ ...good, labels: [{ ...fresh, human_passed: 'yes' }] });
    expect(wrong.path).toBe('labels[0].human_passed');
    expect(wrong.message).toBe(
      'team.json: labels[0].human_passed: found "yes"; expected true or false; nothing was imported',
    );

    // a metric the result does not have, and a wrong file version
    const metric = await attempt({ ...good, labels: [{ ...fresh, criterion: 'asks for insurance' }] });
    expect(metric.path).toBe('labels[0].criterion');
    expect(metric.message).toContain('has no metric "asks for insurance"; expected one of "The agent ends politely"');
    const version = await attempt({ ...good, parley_labels: 2 });
    expect(version.message).toBe('team.json: parley_labels: found 2; expected 1; nothing was imported');

    // the same verdict twice
    const twice = await attempt({ ...good, labels: [fresh, fresh] });
    expect(twice.message).toContain('labels[1]: labels the same verdict as labels[0]');

    // labels.set: unknown result, unknown metric, no reviewer, both or neither of human_passed/judge
    const set = async (input: Record<string, unknown>) => {
      const out = await dispatch(api.ctx, 'labels.set', input as never);
      if (out.ok) throw new Error('expected an error');
      expect(snapshot()).toBe(before);
      return out.error;
    };
    expect((await set({ result_id: 'res_gone', criterion: SLOT, human_passed: true, reviewer: 'a' })).message).toBe(
      'result res_gone not found',
    );
    expect((await set({ result_id: r0.id, criterion: 'x', human_passed: true, reviewer: 'a' })).path).toBe('criterion');
    expect((await set({ result_id: r0.id, criterion: SLOT, human_passed: true, reviewer: ' ' })).path).toBe('reviewer');
    expect(
      (await set({ result_id: r0.id, criterion: SLOT, human_passed: true, judge: 'right', reviewer: 'a' })).path,
    ).toBe('human_passed');
    expect(fs.existsSync(api.store.file)).toBe(true);
  });
});
