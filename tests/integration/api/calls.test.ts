/** Real calls through the API: import, evaluate (judge without simulating), replay (live, like a run), backup. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore } from '../../../src-main/store/index.js';
import { goodScript, seedClinic, writeScript } from './run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';

const fixture = (f: string) => path.resolve(__dirname, '../../fixtures/calls', f);
const file = (f: string) => ({ name: f, text: fs.readFileSync(fixture(f), 'utf8') });

describe('real calls through dispatch', () => {
  const api = useApiContext();
  const { call, until, events } = api;

  it('imports call files as one imported run; a bad file names file, path and expectation, and nothing is written', async () => {
    const { agentId } = seedClinic(api.store);
    const out = await call('calls.import', {
      agent_id: agentId,
      files: [file('retell-llm-call.json'), file('vapi-call.json'), file('plain-transcript.json')],
    });
    expect(out.calls).toBe(3);
    const { run, results } = await call('runs.get', { id: out.run_id });
    expect(run).toMatchObject({
      kind: 'imported',
      status: 'completed',
      suite_name: '3 imported calls',
      summary: { total: 3 },
    });
    expect(results.map((r) => r.status)).toEqual(['imported', 'imported', 'imported']);
    const before = api.store.runs.list({}).length;
    const bad = await dispatch(api.ctx, 'calls.import', {
      agent_id: agentId,
      files: [
        file('plain-transcript.json'),
        { name: 'broken.json', text: '{"transcript_object": [{"role": "agent"}]}' },
        { name: 'not-json.json', text: '{' },
      ],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'files' } });
    const msg = (bad as { error: { message: string } }).error.message;
    expect(msg).toMatch(/^2 call files cannot be imported; nothing was written:/);
    expect(msg).toMatch(/broken\.json: transcript_object\[0\]/);
    expect(msg).toMatch(/not-json\.json: \(top level\): expected valid JSON/);
    expect(api.store.runs.list({})).toHaveLength(before);
    expect(
      await dispatch(api.ctx, 'calls.import', { agent_id: 'ag_nope', files: [file('vapi-call.json')] }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('evaluates imported calls with a suite and a judge: a new run with verdicts, parent = the import', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const { run_id } = await call('calls.import', { agent_id: agentId, files: [file('plain-transcript.json')] });
    const needsJudge = await dispatch(api.ctx, 'runs.evaluate', { id: run_id, suite_id: suiteId });
    expect(needsJudge).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'judge', message: expect.stringContaining('choose a judge model') },
    });
    const judge = writeScript(api.dir, 'judge', { name: 'judge', defaults: { score: 0.3 } });
    const out = await call('runs.evaluate', {
      id: run_id,
      suite_id: suiteId,
      judge: { provider: 'scripted', model: judge },
    });
    // a job writes the new run: its progress arrives as job.progress events, it ends done
    const job = await api.job(out.job_id);
    expect(job).toMatchObject({ kind: 'evaluate', status: 'done', subject: { run_id: out.run_id } });
    expect(job.progress).toMatchObject({ done: 1, total: 1, unit: 'conversations' });
    expect(events.some((e) => e.type === 'job.progress' && e.job.id === out.job_id)).toBe(true);
    const { run, results } = await call('runs.get', { id: out.run_id });
    expect(run).toMatchObject({ parent_run_id: run_id, suite_name: 'Clinic smoke', summary: { total: 1, failed: 1 } });
    const full = await call('runs.result', { id: results[0].id });
    expect(full.metrics.map((m) => [m.score, m.passed])).toEqual([
      [0.3, false],
      [0.3, false],
    ]);
    expect(full.transcript.length).toBeGreaterThan(3); // the call itself, not a simulation
  });

  it('replays a run live: run events stream, the replay is a run with parent = the original', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'good', goodScript());
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
    });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    const replay = await call('runs.replay', { id: run_id });
    expect(replay.run_id).not.toBe(run_id);
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === replay.run_id));
    const mine = events.filter((e) => 'run_id' in e && e.run_id === replay.run_id).map((e) => e.type);
    expect(mine[0]).toBe('run.started');
    expect(mine.filter((x) => x === 'test.finished')).toHaveLength(2);
    const { run } = await call('runs.get', { id: replay.run_id });
    expect(run).toMatchObject({
      kind: 'replay',
      status: 'completed',
      parent_run_id: run_id,
      summary: { total: 2, passed: 2 },
    });
    expect(await call('runs.live', { id: replay.run_id })).toEqual({ active: false, total: 2, running: [] });
    // imported calls have no agent model: the request says so
    const imported = await call('calls.import', { agent_id: agentId, files: [file('plain-transcript.json')] });
    expect(await dispatch(api.ctx, 'runs.replay', { id: imported.run_id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'agent_model' },
    });
  });

  it('backs the database up next to it and deletes a finished run', async () => {
    const { agentId } = seedClinic(api.store);
    const { run_id } = await call('calls.import', { agent_id: agentId, files: [file('vapi-call.json')] });
    const b = await call('app.backup', {});
    expect(path.dirname(b.path)).toBe(path.join(path.dirname(api.store.file), 'backups'));
    expect(b.bytes).toBeGreaterThan(0);
    const copy = openStore(b.path);
    expect(copy.runs.get(run_id)?.kind).toBe('imported');
    copy.close();
    expect(await call('runs.delete', { id: run_id })).toEqual({ deleted: true });
    expect(api.store.runs.get(run_id)).toBeUndefined();
  });
});
