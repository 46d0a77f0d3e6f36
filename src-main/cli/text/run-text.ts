import { demoNote, scriptedRoles } from '../../../src-shared/run/demo.js';
import { runPassRate } from '../../../src-shared/run/report.js';
import type { RunProblems } from '../../../src-shared/schemas/index.js';
import type { RoleFitness } from '../../../src-shared/readiness/fitness.js';
import { formatProportion, wilson } from '../../../src-shared/stats/index.js';
import type { RunOutcome } from '../../app/index.js';
import { printTable } from '../output.js';
import { failuresText, resultDetail } from './run-failures-text.js';
import { resultFactsSections, runHeaderNotes } from './result-facts-text.js';
import { latencyText } from './latency-text.js';
import { modelsLine } from './models-text.js';
import { runLatencyReport } from '../../../src-shared/latency/run-latency-report.js';
import { endReasonText } from '../../../src-shared/text/end-reason.js';
import { plural } from '../../../src-shared/text/plural.js';
import { speechRunReport } from '../../../src-shared/speech/speech-report.js';
import { verdictFlips } from '../../../src-shared/speech/verdict-flips.js';
import { speechText } from './speech-text.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

/** A run's grouped problems, as `parley run` and `parley evaluate` print them. */
export function problemsText(problems: Pick<RunProblems, 'judge' | 'groups' | 'ungrouped'>): string {
  return (
    [
      `PROBLEMS (grouped by ${problems.judge})`,
      ...problems.groups.map((g) => `  [${g.severity}] ${g.label} (${g.occurrences}x): ${g.description}`),
      ...(problems.ungrouped.length ? [`  ${plural(problems.ungrouped.length, 'failure')} not grouped`] : []),
    ].join('\n') + '\n'
  );
}

/**
 * `parley run`'s human report of one run: header (speech, readiness cautions), results, failures, pass
 * rates, the results' other facts (caller fidelity, judge repeats, turn quality, what was heard), problems.
 */
export function printText(o: RunOutcome, verbose = false, fitness?: RoleFitness[]): void {
  const { run, results } = o;
  process.stdout.write(
    `run ${run.id}  ${run.status}${run.demo ? '  DEMO' : ''}  agent ${run.agent_name}  suite ${run.suite_name}\n${modelsLine(run.models)}\n${runHeaderNotes(run, fitness)}\n`,
  );
  if (run.demo) process.stdout.write(`${demoNote(scriptedRoles(run.models))}\n\n`);
  const own = results.some((r) => r.agent_model);
  printTable(
    ['TEST', 'REPEAT', 'STATUS', 'END', 'TURNS', 'MS', ...(own ? ['AGENT MODEL'] : []), 'DETAIL'],
    results.map((r) => [
      r.test,
      String(r.repeat + 1),
      r.status,
      endReasonText(r.end_reason),
      String(r.turns),
      String(Math.round(r.duration_ms)),
      ...(own ? [r.agent_model ? `${modelLabel(r.agent_model.spec)} (the test's)` : "the run's"] : []),
      resultDetail(r, verbose),
    ]),
  );
  const failing = failuresText(results, verbose);
  if (failing.length) process.stdout.write(`\n${failing.join('\n')}\n`);
  const rates = o.tests.filter((t) => t.runs > 1).map((t) => `${t.test} ${formatProportion(wilson(t.passed, t.runs))}`);
  if (rates.length)
    process.stdout.write(
      `\npass rates: ${rates.join(', ')} (minimum ${Math.round((o.tests[0]?.min_pass_rate ?? 1) * 100)}%)\n`,
    );
  process.stdout.write(
    `\npassed ${run.summary.passed}  failed ${run.summary.failed}  errored ${run.summary.errored}${run.summary.context_full ? `  (${run.summary.context_full} ended when the context was full)` : ''}${run.summary.invalid_caller ? `  (${run.summary.invalid_caller} invalid caller)` : ''}  pass rate ${formatProportion(runPassRate(run))}${run.status !== 'completed' ? `  (run ${run.status}${run.error ? `: ${run.error}` : ''})` : ''}\n`,
  );
  for (const section of resultFactsSections(run, results)) process.stdout.write(`\n${section}`);
  const latency = latencyText(runLatencyReport(run, results));
  if (latency) process.stdout.write(`\n${latency}`);
  const speech = speechText(speechRunReport(results), verdictFlips(results));
  if (speech) process.stdout.write(`\n${speech}`);
  if (run.problems) process.stdout.write(`\n${problemsText(run.problems)}`);
}
