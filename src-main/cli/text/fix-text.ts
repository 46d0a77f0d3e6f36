/** The human text of `parley diagnose` and `parley fix` (docs/fix.md). */
import type {
  Diagnosis,
  FixIteration,
  FixSession,
  PassCount,
  TargetVerdict,
  TestChange,
} from '../../../src-shared/schemas/index.js';
import { formatProportion, wilson } from '../../../src-shared/stats/index.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';
import { editLabel, type DiagnoseOutcome } from '../../app/index.js';

const q = JSON.stringify;
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const rate = (c: PassCount) => formatProportion(wilson(c.k, c.n));

/** One diagnosis: the root cause and each fault with where it is, the quote and the lines that show it. */
export function diagnosisText(d: Diagnosis, indent = '  '): string[] {
  const lines = [
    `${indent}${d.subject.kind === 'group' ? `group ${q(d.subject.group ?? '')} (${d.subject.tests.map((t) => q(t)).join(', ')})` : q(d.subject.tests[0])}: ${d.root_cause || '(no root cause given)'}`,
  ];
  for (const f of d.faults) {
    const at = [f.node_id ? `node ${q(f.node_id)}` : '', f.transition_id ? `transition ${q(f.transition_id)}` : '']
      .filter(Boolean)
      .join(' ');
    lines.push(
      `${indent}  ${f.location}${at ? ` at ${at}` : ''}${f.quote ? `: ${q(clip(f.quote, 160))}` : ''}${f.turns.length ? ` (transcript lines ${f.turns.map(turnNumber).join(', ')})` : ''}`,
    );
    if (f.explanation) lines.push(`${indent}    ${clip(f.explanation)}`);
  }
  if (!d.faults.length) lines.push(`${indent}  (the model named no fault)`);
  return lines;
}

export function formatDiagnoses(out: DiagnoseOutcome, model: string): string {
  const lines = [`Diagnosis of run ${out.run_id} (agent version v${out.version}) by ${model}:`];
  for (const d of out.diagnoses) {
    lines.push(...diagnosisText(d));
    lines.push(`    read conversation ${d.subject.result_ids.join(', ')} (${d.failed_results} failed in the run)`);
  }
  return lines.join('\n') + '\n';
}

function targetLine(t: TargetVerdict): string {
  const p = t.p === null ? '' : `, p=${t.p < 0.001 ? t.p.toExponential(1) : t.p.toFixed(3)}`;
  const words = { improved: 'improved', better: 'better, within noise', same: 'no change', worse: 'worse' }[t.change];
  return `  ${q(t.test)}: ${rate(t.before)} -> ${rate(t.after)}${p}: ${words}${t.all_passed ? ', all passed' : ''}`;
}

function changeLine(t: TestChange, indent = '    '): string {
  return `${indent}${q(t.test)}: ${rate(t.before)} -> ${rate(t.after)}: ${t.change}`;
}

const OUTCOME_WORDS: Record<string, string> = {
  improved: 'improved: accepted',
  all_pass: 'all pass: accepted',
  no_change: 'no progress: not accepted',
  regressed: 'a regression: not accepted',
  invalid: 'the edits made the agent invalid: nothing stored',
  no_edits: 'no edits proposed',
  skipped: 'not applied',
};

/** One iteration: the diagnoses, the edits, the failing tests before and after, the suite check, the outcome. */
export function formatIteration(it: FixIteration, fix: FixSession): string {
  const base =
    it.base_version_id === fix.start_version_id
      ? fix.start_version
      : fix.iterations.find((i) => i.version_id === it.base_version_id)?.version;
  const lines = [`Iteration ${it.n}: edits v${base ?? '?'}${it.version ? ` -> v${it.version}` : ''}`];
  for (const d of it.diagnoses) lines.push(...diagnosisText(d));
  const edits = it.applied ?? it.proposal?.edits ?? [];
  if (it.proposal)
    lines.push(`  proposal (confidence ${it.proposal.confidence.toFixed(2)}): ${it.proposal.summary || ''}`.trimEnd());
  for (const e of edits) {
    lines.push(`  ~ ${editLabel(e)}`);
    if (e.original) lines.push(`    - ${clip(e.original)}`);
    lines.push(`    + ${clip(e.proposed)}`);
    if (e.rationale) lines.push(`    why: ${clip(e.rationale)}`);
  }
  for (const d of it.proposal?.dropped ?? []) lines.push(`  dropped: ${d}`);
  for (const i of it.invalid ?? []) lines.push(`  graph check: ${i.path}: ${i.message}`);
  for (const t of it.targets) lines.push(targetLine(t));
  if (it.suite?.skipped) lines.push(`  suite check: skipped (${it.suite.skipped})`);
  else if (it.suite) {
    lines.push(
      `  suite check: ${it.suite.tests.length} test${it.suite.tests.length === 1 ? '' : 's'}, ${it.suite.regressions.length ? `${it.suite.regressions.length} regression${it.suite.regressions.length === 1 ? '' : 's'}: ${it.suite.regressions.map((t) => q(t)).join(', ')}` : 'no regressions'}`,
    );
    for (const t of it.suite.tests.filter((x) => x.change !== 'same')) lines.push(changeLine(t));
  }
  if (it.outcome) lines.push(`  -> ${OUTCOME_WORDS[it.outcome]}`);
  return lines.join('\n') + '\n';
}

/** Why the fix stopped, the holdout tests, and the final version. */
export function formatFixEnd(fix: FixSession): string {
  const lines: string[] = [];
  if (fix.stop) lines.push(`Stopped (${fix.stop.reason.replace('_', ' ')}): ${fix.stop.message}`);
  for (const t of fix.stop?.transitions ?? []) lines.push(`  transition ${t}`);
  if (fix.holdout?.tests.length) {
    lines.push(`Holdout tests (never shown to the model), on the final version:`);
    for (const t of fix.holdout.tests) lines.push(changeLine(t, '  '));
  }
  const final = fix.iterations.find((i) => i.version_id === fix.final_version_id);
  if (final)
    lines.push(
      `Final version: ${final.version_id} (v${final.version})${fix.kept_version_id === final.version_id ? ", kept as the agent's latest" : ` (not kept: the agent's latest is still v${fix.start_version})`}`,
    );
  else lines.push(`No version was accepted; the agent is unchanged (v${fix.start_version}).`);
  lines.push(`Fix ${fix.id}${fix.stop?.reached ? ': target reached' : ': target not reached'}`);
  return lines.join('\n') + '\n';
}
