import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { AGENT, collect, exitOf, parley, waitFor, writeSlowSuite } from './support.js';

const TESTS = 24;

describe('kill -9 in the middle of a run', () => {
  it('CLI: finished results survive, the run is marked interrupted, --resume completes only what is missing', async () => {
    const t = tempDir();
    try {
      const db = tempDbPath(t.dir);
      const { suite, model } = writeSlowSuite(t.dir, TESTS, 15);
      const child = parley([
        'run',
        '--agent',
        AGENT,
        '--tests',
        suite,
        '--agent-model',
        `scripted:${model}`,
        '--concurrency',
        '2',
        '--db',
        db,
      ]);
      await waitFor(child.stderr!, /^(PASS|FAIL|ERROR) /m, 5);
      child.kill('SIGKILL');
      expect((await exitOf(child)).signal).toBe('SIGKILL');

      const store = openStore(db);
      const run = store.runs.list()[0];
      expect(run.status).toBe('interrupted');
      const before = store.results.listByRun(run.id);
      expect(before.length).toBeGreaterThanOrEqual(5);
      expect(before.length).toBeLessThan(TESTS);
      expect(before.every((r) => r.transcript.length > 0 && r.finished_at)).toBe(true);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      store.close();

      const resumed = await collect(parley(['run', '--resume', run.id, '--db', db, '--json']));
      expect(resumed.stderr).not.toMatch(/Error:/);
      const report = JSON.parse(resumed.stdout);
      expect(report.run_id).toBe(run.id);
      expect(report.status).toBe('completed');
      expect(report.results).toHaveLength(TESTS);

      const after = openStore(db);
      const results = after.results.listByRun(run.id);
      // The results finished before the kill were kept as they were, not run again.
      for (const r of before) expect(results.find((x) => x.test_index === r.test_index)!.id).toBe(r.id);
      expect(after.runs.get(run.id)!.error).toBeNull();
      after.close();
    } finally {
      t.cleanup();
    }
  }, 120_000);

  it('web mode: a run started through the API survives the server being killed', async () => {
    const t = tempDir();
    try {
      const db = tempDbPath(t.dir);
      const { suite, model } = writeSlowSuite(t.dir, TESTS, 25);
      const server = parley(['serve', '--db', db]);
      const banner = await waitFor(server.stdout!, /on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/);
      const url = new URL(/on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(banner)![1]);
      const token = url.searchParams.get('token')!;
      const call = async <T = Record<string, never>>(method: string, input: unknown): Promise<T> => {
        const res = await fetch(`${url.origin}/rpc/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(input),
        });
        const body = (await res.json()) as { ok: boolean; output: T; error?: { message: string } };
        if (!body.ok) throw new Error(`${method}: ${body.error!.message}`);
        return body.output;
      };
      const fs = await import('node:fs');
      const agent = await call<{ agent: { id: string } }>('agents.create', {
        graph: JSON.parse(fs.readFileSync(AGENT, 'utf8')),
      });
      const savedSuite = await call<{ id: string }>('suites.save', {
        suite: JSON.parse(fs.readFileSync(suite, 'utf8')),
      });
      const { run_id } = await call<{ run_id: string }>('runs.start', {
        agent_id: agent.agent.id,
        suite_id: savedSuite.id,
        models: { agent: { provider: 'scripted', model } },
        options: { concurrency: 2 },
      });
      for (let i = 0; i < 200; i++) {
        const { results } = await call<{ results: unknown[] }>('runs.get', { id: run_id });
        if (results.length >= 4) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      server.kill('SIGKILL');
      await exitOf(server);

      const store = openStore(db);
      const run = store.runs.get(run_id)!;
      expect(run.status).toBe('interrupted');
      const kept = store.results.listByRun(run_id).length;
      expect(kept).toBeGreaterThanOrEqual(4);
      expect(kept).toBeLessThan(TESTS);
      // the job that wrote the run is recorded as interrupted, with its progress as it was
      const [job] = store.jobs.list(10).filter((j) => j.subject.run_id === run_id);
      expect(job).toMatchObject({ kind: 'run', status: 'interrupted' });
      expect(job.error?.message).toBe('the process running it stopped before it finished');
      expect(job.progress.total).toBe(TESTS);
      store.close();

      const resumed = await collect(parley(['run', '--resume', run_id, '--db', db, '--json']));
      expect(JSON.parse(resumed.stdout).results).toHaveLength(TESTS);
    } finally {
      t.cleanup();
    }
  }, 120_000);
});
