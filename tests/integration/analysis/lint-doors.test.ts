/**
 * The lint checklist through both doors: analysis.lint on a draft graph against the stored suites
 * (real SQLite), and `parley validate --lint` on files (suite files given alongside count).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { useApiContext } from '../../support/api-context.js';

const root = path.resolve(import.meta.dirname, '../../..');
const agentFile = path.join(root, 'tests/fixtures/analysis/lint-every-rule.json');
const suiteFile = path.join(root, 'tests/fixtures/analysis/lint-suite.json');
const graph = () => AgentGraph.parse(JSON.parse(readFileSync(agentFile, 'utf8')));
const parley = (args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args], { encoding: 'utf8' });

describe('lint through the API and the CLI', () => {
  const api = useApiContext();

  it('analysis.lint reads every stored suite by default, or the ones named', async () => {
    const none = await api.call('analysis.lint', { graph: graph() });
    expect(none.suites_checked).toBe(0);
    expect(none.skipped.map((s) => s.rule)).toEqual(['unmocked_tool']);
    api.store.suites.create(TestSuite.parse(JSON.parse(readFileSync(suiteFile, 'utf8'))), 'Billing tests');
    const all = await api.call('analysis.lint', { graph: graph() });
    expect(all.suites_checked).toBe(1);
    expect(all.skipped).toEqual([]);
    // the suite mocks crm_lookup and supplies caller_name
    expect(all.findings.map((f) => f.rule)).not.toContain('unmocked_tool');
    expect(all.findings.map((f) => f.rule)).not.toContain('never_set');
    const bad = await dispatch(api.ctx, 'analysis.lint', { graph: graph(), suite_ids: ['nope'] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'not_found', path: 'suite_ids[0]' } });
  });

  it('parley validate --lint prints the checklist, reads suite files, and never fails the command', () => {
    const alone = parley(['validate', '--lint', agentFile]);
    expect(alone.status).toBe(0);
    expect(alone.stdout).toContain('lint: 7 warnings, 1 note');
    expect(alone.stdout).toContain('warning [used_before_set] node billing:');
    expect(alone.stdout).toContain('not checked [unmocked_tool]: no test suite given');
    const withSuite = parley(['validate', '--lint', '--json', agentFile, suiteFile]);
    const [agent] = JSON.parse(withSuite.stdout);
    expect(agent.lint.suites_checked).toBe(1);
    expect(agent.lint.findings.map((f: { rule: string }) => f.rule)).toEqual([
      'identical_conditions',
      'used_before_set',
      'unreachable',
      'unread_extract',
      'unreachable',
      'dead_end',
      'global_without_go_back',
    ]);
    expect(parley(['validate', agentFile]).stdout).not.toContain('lint:');
  });
});
