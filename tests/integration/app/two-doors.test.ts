/**
 * Issue 16's measure: the CLI and the app are two doors to one application layer, so the same request
 * through either gives the same stored run, field by field (ids, times and durations aside).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Result, Run } from '../../../src-shared/schemas/index.js';
import { openStore } from '../../../src-main/store/index.js';
import { useApiContext } from '../../support/api-context.js';
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
