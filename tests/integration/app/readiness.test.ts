/**
 * Issue 12, section 6: the model readiness check on the scripted model with scripted right and wrong
 * answers gives the exact accuracy per family, through the API (models.check / checkProgress /
 * cancelCheck / checks) on a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { ReadinessReport } from '../../../src-shared/schemas/index.js';
import { readinessTasks } from '../../../src-main/readiness/index.js';
import { useApiContext } from '../../support/api-context.js';
import { writeScript } from '../api/run-control-fixtures.js';

type Rule = { purpose: string; when: Record<string, string>; reply: unknown };

/** A line of a task found in no other task of its family (what a scripted rule can match on). */
function uniqueLine(lines: string[], others: string[][]): string {
  const line = lines.find((l) => others.every((o) => o.every((x) => !x.includes(l))));
  if (!line) throw new Error(`no unique line among ${JSON.stringify(lines)}`);
  return line;
}

/**
 * Routing: right except the negated tasks (13 of 30) -> 17/30. Extraction: right except the two
 * "not stated" tasks -> 18/20. Judging: right except the 4 negated criteria -> 16/20. Caller: right
 * except the role reversal and the hang-up task -> 8/10.
 */
function scriptedAnswers(): { rules: Rule[] } {
  const t = readinessTasks();
  const rules: Rule[] = [];
  const lines = (x: { transcript: { content: string }[] }) => x.transcript.map((l) => l.content);
  for (const r of t.routing) {
    const wrong = r.conditions.find((c) => c.id !== r.answer)!.id;
    const reply = r.tags.includes('negated') ? wrong : r.answer;
    const line = uniqueLine(lines(r).reverse(), t.routing.filter((o) => o !== r).map(lines));
    rules.push({ purpose: 'route', when: { last: line }, reply: { transition: reply, reason: 'scripted' } });
  }
  for (const e of t.extraction) {
    const reply = e.tags.includes('null')
      ? Object.fromEntries(e.variables.map((v) => [v.name, v.type === 'number' ? 3 : 'made up']))
      : e.expected;
    const line = uniqueLine(lines(e).reverse(), t.extraction.filter((o) => o !== e).map(lines));
    rules.push({ purpose: 'extract', when: { last: line }, reply });
  }
  for (const j of t.judging) {
    const right = j.pass ? 0.9 : 0.1;
    const score = j.tags.includes('negated') ? 1 - right : right;
    const line = uniqueLine(lines(j), t.judging.filter((o) => o !== j).map(lines));
    rules.push({ purpose: 'judge', when: { last: line }, reply: { metric_1: { score, reasoning: 'scripted' } } });
  }
  for (const c of t.caller) {
    const identity = c.persona.split('\n')[1];
    const e = c.expect;
    const reply =
      c.id === 'role-reversal'
        ? { message: 'How can I help you today?', done: false }
        : c.id === 'hangs-up-when-done'
          ? { message: 'One more thing.', done: false }
          : { message: e.includes_any?.[0] ?? 'I am calling about my request.', done: e.done ?? false };
    rules.push({ purpose: 'caller', when: { system: identity }, reply });
  }
  return { rules };
}

describe('models.check', () => {
  const api = useApiContext();
  const spec = (file: string) => ({ provider: 'scripted' as const, model: file, params: {} });

  /** A readiness check is a job: its outcome is the stored report. */
  async function finished(jobId: string): Promise<ReadinessReport> {
    const job = await api.job(jobId);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    return ReadinessReport.parse(job.result);
  }

  /** The job's planned size, as the page shows it while it runs. */
  const totalOf = async (jobId: string) => (await api.call('jobs.get', { id: jobId })).progress.total;

  it('scores scripted right and wrong answers exactly, per family, with a plain verdict each', async () => {
    const file = writeScript(api.dir, 'half-right', { name: 'half-right', ...scriptedAnswers() });
    const started = await api.call('models.check', { model: spec(file) });
    expect(await totalOf(started.job_id)).toBe(80);
    const report = await finished(started.job_id);
    const fam = Object.fromEntries(report.families.map((f) => [f.family, [f.correct, f.total, f.valid, f.errors]]));
    expect(fam).toEqual({
      routing: [17, 30, 30, 0],
      extraction: [18, 20, 20, 0],
      judging: [16, 20, 20, 0],
      caller: [8, 10, 10, 0],
    });
    expect(report.verdicts.map((v) => v.text)).toEqual([
      'not fit as router: 17/30 right (39-73%, 95% interval) - weak on negated conditions',
      'fit as extractor: 18/20 right (70-97%, 95% interval)',
      'fit as judge: 16/20 right (58-92%, 95% interval) - weak on negated criteria',
      'fit as caller: 8/10 right (49-94%, 95% interval)',
    ]);
    const negated = report.families.find((f) => f.family === 'routing')!.by_tag.find((t) => t.tag === 'negated');
    expect(negated).toEqual({ tag: 'negated', correct: 0, total: 13 });
    const reversal = report.items.find((i) => i.id === 'role-reversal')!;
    expect(reversal.correct).toBe(false);
    expect(reversal.got).toContain('says "how can I help you"');
    expect(report.speed.calls).toBe(80);
    expect(report.cancelled).toBe(false);
    // stored, and listed next to the model
    expect((await api.call('models.checks', {})).checks).toEqual([report]);
    expect((await api.call('models.checks', { model: `scripted:${file}` })).checks.map((c) => c.id)).toEqual([
      report.id,
    ]);
  });

  it('checks only the roles asked for', async () => {
    const file = writeScript(api.dir, 'judge-only', { name: 'judge-only', ...scriptedAnswers() });
    const started = await api.call('models.check', { model: spec(file), roles: ['judge'] });
    expect(await totalOf(started.job_id)).toBe(20);
    const report = await finished(started.job_id);
    expect(report.roles).toEqual(['judge']);
    expect(report.verdicts.map((v) => v.text)).toEqual([
      'fit as judge: 16/20 right (58-92%, 95% interval) - weak on negated criteria',
    ]);
  });

  it('an output off its schema is counted invalid, and a failing call is an error, not a crash', async () => {
    const file = writeScript(api.dir, 'broken', {
      name: 'broken',
      judge: [{ $error: 'the model wrote nonsense', $code: 'bad_output' }],
      rules: [{ purpose: 'judge', when: { last: 'Priya' }, reply: { metric_1: { score: 0.9, extra: 1 } } }],
      defaults: { score: 0.9 },
    });
    const report = await finished((await api.call('models.check', { model: spec(file), roles: ['judge'] })).job_id);
    const judging = report.families[0];
    // every session starts the list again, so every task meets the $error first: it falls back to one call per metric
    expect(judging.total).toBe(20);
    expect(judging.valid).toBe(0);
    expect(report.verdicts[0].text).toMatch(/20 of 20 replies off-schema or failed/);
  });

  it('cancels: what finished is stored, marked cancelled', async () => {
    const file = writeScript(api.dir, 'slow', { name: 'slow', defaults: { delay_ms: 40 } });
    const started = await api.call('models.check', { model: spec(file), concurrency: 1 });
    await new Promise((r) => setTimeout(r, 150));
    expect((await api.call('jobs.cancel', { id: started.job_id })).cancelled).toBe(true);
    const p = await api.job(started.job_id);
    expect(p.status).toBe('cancelled');
    const report = ReadinessReport.parse(p.result);
    expect(report.cancelled).toBe(true);
    expect(report.items.length).toBeLessThan(80);
    expect(report.items.length).toBe(p.progress.done);
    expect(api.store.modelChecks.list()).toHaveLength(1);
  });

  it('bad input: an unknown role, a model that is not there; nothing stored', async () => {
    await expect(api.call('models.check', { model: spec('x.json'), roles: ['boss' as never] })).rejects.toThrow(
      /invalid_input: .*roles\[0\]: Invalid option: expected one of "agent"\|"caller"\|"judge"/,
    );
    await expect(api.call('models.check', { model: spec('/nope/missing.json') })).rejects.toThrow(
      /invalid_input: agent model scripted:\/nope\/missing.json could not be loaded: .*not found/,
    );
    await expect(api.call('jobs.get', { id: 'job_none' })).rejects.toThrow(/not_found/);
    expect((await api.call('jobs.list', {})).jobs).toEqual([]); // refusals start no job
    expect(api.store.modelChecks.list()).toEqual([]);
  });
});
