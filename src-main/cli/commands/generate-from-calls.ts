import type { CallTestsOutcome } from '../../../src-shared/contract/calls.js';
import { nodesToVisit } from '../../../src-shared/checks/check-kinds.js';
import { parseModelSpec } from '../../../src-shared/schemas/index.js';
import type { App, CliDoor } from '../../app/index.js';
import { CliError } from '../errors.js';
import { intFlag } from '../flags.js';
import { followJob } from '../job-progress.js';
import { printJson } from '../output.js';
import { startedJob } from '../started-job.js';

export interface FromCallsOpts {
  fromCalls: string;
  groups?: string;
  model?: string;
  suite?: string;
  save?: boolean;
  json?: boolean;
}

const out = (s: string) => process.stdout.write(`${s}\n`);

/** The JSON of `parley generate tests --from-calls`: `{"clusters": [{"id", "label", "size", "calls", "test"}, ...]}`. */
export function fromCallsJson(o: CallTestsOutcome, saved?: { suite: { id: string; name: string }; added: string[] }) {
  return {
    run_id: o.run_id,
    agent: o.agent,
    k: o.k,
    model: o.model,
    clusters: o.clusters,
    ungrouped: o.ungrouped,
    ...(saved ? { saved } : {}),
  };
}

function printOutcome(o: CallTestsOutcome): void {
  const how =
    o.k.chosen_by === 'given'
      ? 'as asked'
      : o.k.chosen_by === 'silhouette'
        ? `chosen by silhouette ${o.k.silhouette}`
        : 'too few calls to compare';
  const calls = o.clusters.reduce((n, c) => n + c.size, 0);
  out(`${o.agent.agent_name}: ${calls} call(s) of run ${o.run_id} in ${o.clusters.length} group(s) (${how})`);
  out(o.model ? `tests written by ${o.model}` : "tests drafted from the callers' own words (no --model)");
  if (!o.redacted_run) out('note: the run was imported without --redact; the proposed tests are redacted anyway');
  for (const c of o.clusters) {
    const persona = typeof c.test.persona === 'object' ? c.test.persona : undefined;
    out(`\n[${c.id}] ${c.label} - ${c.size} call(s); words: ${c.terms.join(', ') || '-'}`);
    out(`  calls: ${c.calls.slice(0, 5).join(', ')}${c.calls.length > 5 ? `, +${c.calls.length - 5} more` : ''}`);
    out(
      c.path.length
        ? `  path: ${c.path.map((p) => `${p.name ?? p.node} ${Math.round(p.share * 100)}%`).join(', ')}`
        : '  path: the calls record no nodes',
    );
    out(`  test: ${c.test.name}`);
    if (persona) out(`  goal: ${persona.goal}`);
    const visit = nodesToVisit(c.test.assertions);
    if (visit.length) out(`  asserts: visits ${visit.join(', ')}`);
    out(`  checks: ${c.test.metrics.map((m) => (typeof m === 'string' ? m : m.criterion)).join('; ')}`);
    if (c.note) out(`  note: ${c.note}`);
  }
  if (o.ungrouped.length)
    out(`\n${o.ungrouped.length} call(s) shared no words with the others: ${o.ungrouped.join(', ')}`);
}

/**
 * `parley generate tests AGENT --from-calls RUN [--groups K] [--model SPEC] [--suite S --save] [--json]`: an imported
 * run's calls grouped by what the caller wanted and one test proposed per group (calls.proposeTests, the same method
 * the run page's "Tests from calls" calls); with --save, added to the suite.
 */
export async function generateFromCalls(app: App, door: CliDoor, agent: string, opts: FromCallsOpts): Promise<void> {
  if (opts.save && !opts.suite) throw new CliError('--save adds the tests to a suite: add --suite SUITE');
  let model;
  try {
    model = opts.model ? parseModelSpec(opts.model) : undefined;
  } catch (e) {
    throw new CliError(`--model: ${(e as Error).message}`);
  }
  const groups = intFlag('--groups', opts.groups, { min: 1, max: 12 });
  const { run } = await door.call('runs.get', { id: opts.fromCalls });
  if (agent !== run.agent_id && agent.toLowerCase() !== run.agent_name.toLowerCase())
    throw new CliError(
      `--from-calls: run ${run.id} holds calls of agent ${run.agent_name} (${run.agent_id}), not ${agent}`,
    );
  const { job_id } = await door.call('calls.proposeTests', {
    run_id: run.id,
    ...(groups ? { groups } : {}),
    ...(model ? { model } : {}),
  });
  const outcome = await followJob(startedJob<CallTestsOutcome>(app, job_id), {
    quiet: opts.json,
    label: 'tests from calls',
    onInterrupt: 'nothing will be saved',
  });
  if (outcome.cancelled) throw new CliError('cancelled: nothing was saved', 130);
  const saved =
    opts.save && opts.suite && outcome.clusters.length
      ? await door.call('analysis.saveGapTests', { suite_id: opts.suite, tests: outcome.clusters.map((c) => c.test) })
      : undefined;
  if (opts.json) return printJson(fromCallsJson(outcome, saved));
  printOutcome(outcome);
  if (saved) out(`\nadded ${saved.added.length} test(s) to suite "${saved.suite.name}": ${saved.added.join(', ')}`);
  else out('\nreview them, then save: add --suite SUITE --save');
}
