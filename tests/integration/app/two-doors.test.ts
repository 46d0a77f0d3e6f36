/**
 * Issue 16's measure: the CLI and the app are two doors to one application layer, so the same request
 * through either gives the same stored run, field by field (ids, times and durations aside).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Judgement, Result, Run } from '../../../src-shared/schemas/index.js';
import { openStore } from '../../../src-main/store/index.js';
import { useApiContext } from '../../support/api-context.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { goodScript, seedClinic, writeScript } from '../api/run-control-fixtures.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** What a run says, without what differs between two executions (ids, clocks, durations). */
const runFields = (r: Run) => ({
  kind: r.kind,
  status: r.status,
  agent_id: r.agent_id,
  agent_version_id: r.agent_version_id,
  agent_name: r.agent_name,
  suite_id: r.suite_id,
  suite_name: r.suite_name,
  models: r.models,
  options: r.options,
  summary: r.summary,
  parent_run_id: r.parent_run_id,
  error: r.error,
});
/** A run's fields that must match between the doors, with the run it came from replaced by a marker. */
const derivedRunFields = (r: Run, source: string) => ({
  ...runFields(r),
  parent_run_id: r.parent_run_id === source ? 'SOURCE' : r.parent_run_id,
});
const judgementFields = ({ id: _id, batch_id: _b, created_at: _c, ...rest }: Judgement) => rest;

const resultFields = (r: Result) => {
  const {
    id: _id,
    run_id: _run,
    started_at: _s,
    finished_at: _f,
    duration_ms: _d,
    model_calls,
    transcript,
    ...rest
  } = r;
  return {
    ...rest,
    transcript: transcript.map(({ content, role, node }) => ({ content, role, node })),
    model_calls: model_calls.map(({ role, purpose, tokens }) => ({ role, purpose, tokens })),
  };
};

describe('the CLI and the app give identical runs for the same request', () => {
  const api = useApiContext();

  it('parley run and runs.start store the same run and the same results', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'clinic', goodScript());
    const spec = { provider: 'scripted' as const, model: script, params: {} };

    const { run_id } = await api.call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: spec },
      options: {},
    });
    await api.until(() => api.store.runs.get(run_id)?.status === 'completed');

    const cli = spawnSync(
      process.execPath,
      [
        path.join(root, 'bin/parley.mjs'),
        'run',
        '--agent',
        agentId,
        '--tests',
        suiteId,
        '--agent-model',
        `scripted:${script}`,
        '--json',
        '--db',
        api.store.file,
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.stderr).not.toMatch(/parley: /);
    const cliRunId = JSON.parse(cli.stdout).run_id as string;

    // read both from the file the CLI wrote to, through a second connection
    const reader = openStore(api.store.file);
    try {
      const fromApp = reader.runs.require(run_id);
      const fromCli = reader.runs.require(cliRunId);
      expect(fromCli.id).not.toBe(fromApp.id);
      expect(runFields(fromCli)).toEqual(runFields(fromApp));
      const appResults = reader.results.listByRun(run_id);
      const cliResults = reader.results.listByRun(cliRunId);
      expect(appResults.length).toBeGreaterThan(0);
      expect(cliResults.map(resultFields)).toEqual(appResults.map(resultFields));
      expect(reader.runs.suiteSnapshot(cliRunId)).toEqual(reader.runs.suiteSnapshot(run_id));
    } finally {
      reader.close();
    }
  });
});

describe('evaluate, replay, re-judge and imported calls store the same rows through either door', () => {
  const api = useApiContext();

  /** One finished run of the clinic suite on the scripted model, started through the API. */
  async function sourceRun() {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'clinic', goodScript());
    const spec = { provider: 'scripted' as const, model: script, params: {} };
    const { run_id } = await api.call('runs.start', { agent_id: agentId, suite_id: suiteId, models: { agent: spec } });
    await api.until(() => api.store.runs.get(run_id)?.status === 'completed');
    return { agentId, suiteId, script, spec, runId: run_id };
  }

  /** Runs the CLI on the app's database file and returns its --json output. */
  async function cliJson<T>(...args: string[]): Promise<T> {
    const r = await parleyInProcess(...args, '--json', '--db', api.store.file);
    expect(r.stderr).not.toMatch(/parley: /);
    return JSON.parse(r.stdout) as T;
  }

  /** The two runs' stored runs and results, read through a second connection. */
  function sameStoredRuns(appRun: string, cliRun: string, source: string) {
    const reader = openStore(api.store.file);
    try {
      expect(cliRun).not.toBe(appRun);
      expect(derivedRunFields(reader.runs.require(cliRun), source)).toEqual(
        derivedRunFields(reader.runs.require(appRun), source),
      );
      const app = reader.results.listByRun(appRun);
      expect(app.length).toBeGreaterThan(0);
      expect(reader.results.listByRun(cliRun).map(resultFields)).toEqual(app.map(resultFields));
    } finally {
      reader.close();
    }
  }

  it('replay', async () => {
    const { runId } = await sourceRun();
    const { run_id: appRun } = await api.call('runs.replay', { id: runId });
    await api.until(() => api.store.runs.get(appRun)?.status === 'completed');
    const cli = await cliJson<{ run_id: string }>('replay', runId);
    sameStoredRuns(appRun, cli.run_id, runId);
  });

  it('evaluate', async () => {
    const { runId, suiteId, spec, script } = await sourceRun();
    const { run_id: appRun } = await api.call('runs.evaluate', { id: runId, suite_id: suiteId, judge: spec });
    await api.until(() => api.store.runs.get(appRun)?.status === 'completed');
    const cli = await cliJson<{ run_id: string }>(
      'evaluate',
      runId,
      '--tests',
      suiteId,
      '--judge-model',
      `scripted:${script}`,
    );
    sameStoredRuns(appRun, cli.run_id, runId);
  });

  it('re-judge', async () => {
    const { runId, spec, script } = await sourceRun();
    const { job_id } = await api.call('runs.rejudge', { id: runId, judges: [spec], k: 2 });
    expect((await api.job(job_id)).status).toBe('done');
    expect(api.store.judgements.listByRun(runId)).toHaveLength(4); // 2 conversations x k=2
    await cliJson('rejudge', runId, '--judge-model', `scripted:${script}`, '--k', '2');
    const all = api.store.judgements.listByRun(runId);
    const batches = [...new Set(all.map((j) => j.batch_id))];
    expect(batches).toHaveLength(2);
    const byConversation = (a: Judgement, b: Judgement) =>
      a.test.localeCompare(b.test) || a.repeat - b.repeat || a.seed - b.seed;
    const [first, second] = batches.map((b) =>
      all
        .filter((j) => j.batch_id === b)
        .sort(byConversation)
        .map(judgementFields),
    );
    expect(second).toEqual(first);
  });

  it('imported calls', async () => {
    const { agentId } = seedClinic(api.store);
    const call = [
      { role: 'agent', content: 'Hello, Bright Smile Dental.' },
      { role: 'user', content: 'I need a cleaning.' },
      { role: 'agent', content: 'Tuesday at 10 am works.' },
    ];
    const file = path.join(api.dir, 'call-1.json');
    fs.writeFileSync(file, JSON.stringify(call));
    const app = await api.call('calls.import', {
      agent_id: agentId,
      files: [{ name: file, text: fs.readFileSync(file, 'utf8') }],
    });
    const cli = await cliJson<{ run_id: string }>('import-calls', agentId, file);
    sameStoredRuns(app.run_id, cli.run_id, '');
  });
});

/** Every method name the command line calls (`door.call('ns.method', ...)`), read from src-main/cli. */
function cliMethodNames(): string[] {
  const dir = path.join(root, 'src-main/cli');
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (file.endsWith('.ts'))
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\.call\(\s*'([\w-]+\.[\w-]+)'/g))
        names.add(m[1]);
  return [...names].sort();
}

/** A method that only reads: what the CLI prints of it must be what the app reads. */
const READ_ONLY = /\.(list|get|report|results?|judgements|matrix|diff|suite|info|show)$/;

describe('every method the CLI calls is in the table, and reads give the same answer through either door', () => {
  const api = useApiContext();

  it('the CLI calls methods by name that the table registers', async () => {
    const { METHODS } = await import('../../../src-main/app/rooms.js');
    const names = cliMethodNames();
    expect(names).toContain('runs.report');
    const registered = new Set<string>(METHODS.names());
    expect(names.filter((n) => !registered.has(n))).toEqual([]);
  });

  it('each read-only method: the CLI --json output and api.call agree on one seeded database', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'clinic', goodScript());
    const spec = { provider: 'scripted' as const, model: script, params: {} };
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { run_id } = await api.call('runs.start', {
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: spec },
      });
      await api.until(() => api.store.runs.get(run_id)?.status === 'completed');
      ids.push(run_id);
    }
    const [a, b] = ids;
    // re-judged (so runs show has judgements) and labelled nowhere; one persona in the library
    const { job_id } = await api.call('runs.rejudge', { id: a, judges: [spec], k: 2 });
    expect((await api.job(job_id)).status).toBe('done');
    await api.call('personas.save', { persona: { name: 'Impatient Ian', goal: 'Get a refund fast' } });

    const cli = async (...args: string[]): Promise<unknown> => {
      const r = await parleyInProcess(...args, '--json', '--db', api.store.file);
      expect(r.stderr).not.toMatch(/parley: /);
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout);
    };
    type Listed = { id: string }[];
    type Shown = { results: { id: string; test: string; status: string; turns: number }[]; judgements?: unknown };
    const resultFacts = (rs: Shown['results']) =>
      rs.map(({ id, test, status, turns }) => ({ id, test, status, turns }));

    /** Per read-only method: what the CLI prints of it and what the app's call answers, side by side. */
    const sameAnswer: Record<string, () => Promise<[unknown, unknown]>> = {
      'runs.list': async () => [await cli('runs', 'list'), await api.call('runs.list', { limit: 50 })],
      'runs.report': async () => [await cli('runs', 'show', a), await api.call('runs.report', { id: a })],
      'runs.get': async () => [
        ((await cli('runs', 'list')) as Listed).find((r) => r.id === b),
        (await api.call('runs.get', { id: b })).run,
      ],
      'runs.results': async () => [
        resultFacts(((await cli('runs', 'show', a)) as Shown).results),
        resultFacts(await api.call('runs.results', { id: a })),
      ],
      'runs.judgements': async () => [
        ((await cli('runs', 'show', a)) as Shown).judgements,
        await api.call('runs.judgements', { id: a }),
      ],
      // `runs show` reads the run's suite copy (is it a red-team run?); `runs export` prints that copy in full
      'runs.suite': async () => {
        const exported = await parleyInProcess('runs', 'export', a, '--db', api.store.file);
        return [JSON.parse(exported.stdout).suite, (await api.call('runs.suite', { id: a })).suite];
      },
      'compare.matrix': async () => [await cli('compare', a, b), await api.call('compare.matrix', { runs: [a, b] })],
      'compare.diff': async () => [await cli('diff', a, b), await api.call('compare.diff', { a, b })],
      'personas.list': async () => [await cli('personas', 'list'), await api.call('personas.list', {})],
      'agents.list': async () => [await cli('agents', 'list'), await api.call('agents.list', {})],
      'redteam.report': async () => {
        // `parley redteam` prints the report of the run it made (exit 1 when an attack succeeded)
        const r = await parleyInProcess(
          ...['redteam', '--agent', agentId, '--agent-model', `scripted:${script}`, '--categories'],
          ...['system_prompt_leak', '--attempts', '1', '--max-turns', '1', '--json', '--db', api.store.file],
        );
        expect(r.stderr).not.toMatch(/parley: /);
        const {
          fail_above: _f,
          failed: _x,
          ...printed
        } = JSON.parse(r.stdout) as { run_id: string; fail_above?: unknown; failed?: unknown };
        return [printed, await api.call('redteam.report', { run_id: printed.run_id })];
      },
      'agents.get': async () => {
        const got = await api.call('agents.get', { id: agentId });
        return [await cli('agents', 'show', agentId), { ...got.agent, versions: got.versions, graph: got.graph }];
      },
    };

    const reads = cliMethodNames().filter((n) => READ_ONLY.test(n));
    expect(reads.length).toBeGreaterThan(3);
    // a read the CLI calls without an entry here fails, naming it: add how the CLI prints it above
    expect(reads.filter((n) => !sameAnswer[n])).toEqual([]);
    for (const name of reads) {
      const [fromCli, fromApp] = await sameAnswer[name]();
      expect(fromCli, name).toBeDefined();
      expect(fromCli, name).toEqual(JSON.parse(JSON.stringify(fromApp)));
    }

    // one rule for a run compared with itself: refused by both doors (the app's rule; the CLI used to print it)
    const self = await parleyInProcess('diff', a, a, '--json', '--db', api.store.file);
    expect(self.code).toBe(2);
    expect(self.stderr).toContain('pick two different runs');
    await expect(api.call('compare.diff', { a, b: a })).rejects.toThrow(/pick two different runs/);
  }, 120_000);
});
