import { demoNote, scriptedRolesOfRefs } from '../../../src-shared/run/demo.js';
import {
  configModelsLine as modelsLine,
  type ChangeKind,
  type RunDiff,
  type RunRef,
  type SideSummary,
  type TestComparison,
} from '../../app/index.js';
import { CALLER_CHANGED, JUDGE_CHANGED } from '../../../src-shared/contract/compare-shapes.js';
import { latencyDiffRows } from './format-latency.js';
import { endReasonChange } from '../../../src-shared/text/end-reason.js';
import { fitnessLines } from './fitness-text.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';
import { attackChangeText, attackSideText } from '../../../src-shared/text/attack-success.js';

/** Plain-text rendering of a RunDiff for `parley diff` (people; `--json` prints the RunDiff itself). */

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);
const range = (i: { low: number; high: number } | null, unit = '%') =>
  i === null ? '' : ` (${Math.round(i.low * 100)} to ${Math.round(i.high * 100)}${unit})`;
const num = (x: number | null, d = 2) => (x === null ? '-' : x.toFixed(d));
const signed = (x: number | null, d = 2, unit = '') =>
  x === null ? '-' : `${x >= 0 ? '+' : ''}${x.toFixed(d)}${unit}`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const pValue = (p: number) => (p < 0.0001 ? 'p<0.0001' : `p=${p.toFixed(4)}`);

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

function header(label: string, r: RunRef): string {
  const version = r.agent_version !== null ? ` v${r.agent_version}` : '';
  return [
    `${label}  ${r.id}${r.demo ? '  DEMO' : ''}  ${r.model}  (${r.kind}, agent ${r.agent_name || r.agent_id}${version}, suite ${r.suite_name || '-'})`,
    `   ${modelsLine(r.config)}`,
    ...(r.speech ? [`   speech: ${r.speech}`] : []),
  ].join('\n');
}

function summaryLines(d: RunDiff): string[] {
  const a: SideSummary = d.summary.a;
  const b: SideSummary = d.summary.b;
  const rows: string[][] = [
    ['', 'A', 'B', 'delta'],
    [
      'pass rate (95% interval)',
      `${pct(a.pass_rate)}${range(a.pass_interval)}`,
      `${pct(b.pass_rate)}${range(b.pass_interval)}`,
      d.summary.delta.pass_rate === null
        ? '-'
        : `${signed(d.summary.delta.pass_rate * 100, 1)} pts${range(d.summary.delta.pass_rate_interval, ' pts')}`,
    ],
    ['mean score', num(a.mean_score), num(b.mean_score), scoreDelta(d, d.summary.delta.mean_score)],
  ];
  for (const [criterion, delta] of Object.entries(d.summary.delta.mean_scores)) {
    rows.push([
      `  ${criterion}`,
      num(a.mean_scores[criterion] ?? null),
      num(b.mean_scores[criterion] ?? null),
      scoreDelta(d, delta),
    ]);
  }
  // different numbers of conversations (repeats): totals mislead, so tokens are compared per conversation
  const perConv = d.summary.per_conversation;
  rows.push(
    perConv
      ? [
          'tokens / conversation',
          num(a.tokens_per_conversation, 0),
          num(b.tokens_per_conversation, 0),
          signed(d.summary.delta.tokens_per_conversation, 0),
        ]
      : ['tokens', String(a.tokens.total), String(b.tokens.total), signed(d.summary.delta.tokens, 0)],
    ['wall time', secs(a.wall_ms), secs(b.wall_ms), signed(d.summary.delta.wall_ms / 1000, 1, 's')],
    ['mean turns', num(a.mean_turns, 1), num(b.mean_turns, 1), callerDelta(d, d.summary.delta.mean_turns, 1)],
    ...(a.caller_fidelity !== null || b.caller_fidelity !== null
      ? [
          [
            'caller fidelity',
            num(a.caller_fidelity),
            num(b.caller_fidelity),
            callerDelta(d, d.summary.delta.caller_fidelity, 2),
          ],
        ]
      : []),
    ['conversations', String(a.results), String(b.results), ''],
  );
  rows.push(...latencyDiffRows(a.latency, b.latency, d.summary.delta.latency));
  return [...table(rows), `pass rate difference: ${d.summary.delta.pass_rate_hint}`];
}

/** A score delta, or why it is not given (the judge changed). */
const scoreDelta = (d: RunDiff, x: number | null) => (d.comparability.scores_comparable ? signed(x) : JUDGE_CHANGED);
/** A caller-driven delta, or why it is not given (the caller changed). */
const callerDelta = (d: RunDiff, x: number | null, digits: number) =>
  d.comparability.caller_figures_comparable ? signed(x, digits) : CALLER_CHANGED;

const COUNT_LABEL: Record<ChangeKind, string> = {
  regressed: 'regressed',
  improved: 'improved',
  noise: 'noise',
  flaky: 'flaky',
  new: 'new',
  removed: 'removed',
  same: 'unchanged',
};

function statusText(t: TestComparison): string {
  const side = (s: string | null, rate: number | null, n: number) =>
    n > 1 && rate !== null ? `${s} ${pct(rate)} of ${n}` : `${s ?? '-'}`;
  const base = `${side(t.status_a, t.pass_rate_a, t.repeats_a)} -> ${side(t.status_b, t.pass_rate_b, t.repeats_b)}`;
  return t.p !== null ? `${base}, ${pValue(t.p)}` : base;
}

function details(t: TestComparison, scoresComparable: boolean): string[] {
  const out: string[] = [];
  for (const m of t.metric_deltas) {
    if (m.passed_a === m.passed_b && (m.delta === null || Math.abs(m.delta) < 0.005)) continue;
    out.push(
      `metric "${m.criterion}" ${num(m.score_a)} -> ${num(m.score_b)} (${scoresComparable ? signed(m.delta) : JUDGE_CHANGED})${m.reasoning_b ? `: ${m.reasoning_b}` : ''}`,
    );
  }
  for (const c of t.check_changes) {
    if (c.change === 'same') continue;
    out.push(`${c.group} ${c.kind} ${JSON.stringify(c.target)} ${c.change}${c.message_b ? `: ${c.message_b}` : ''}`);
  }
  if (t.end_reason_changed) out.push(endReasonChange(t.end_reason_a, t.end_reason_b));
  if (t.error_b && t.error_b !== t.error_a) out.push(`error: ${t.error_b}`);
  for (const g of t.diagnosis)
    if (g.nodes.length)
      out.push(
        `"${g.criterion}" points at node ${g.nodes.join(', ')}${g.turns.length ? ` (turn ${g.turns.map((x) => turnNumber(x.index)).join(', ')})` : ''}`,
      );
  return out;
}

function divergenceLine(t: TestComparison): string | null {
  const d = t.first_divergence;
  if (!d) return null;
  const side = (node: string | null, via: string | null, reason: string | null) =>
    node === null
      ? `stayed on ${d.from_node ?? 'its last node'} (no further transition)`
      : `${node}${via || reason ? ` (${[via, reason].filter(Boolean).join(': ')})` : ''}`;
  return `${t.test}: turn ${turnNumber(d.turn)}${d.from_node ? ` after ${d.from_node}` : ''}: A -> ${side(d.node_a, d.via_a, d.reason_a)}, B -> ${side(d.node_b, d.via_b, d.reason_b)}`;
}

/** `2 regressed, 1 noise, 3 unchanged` */
export function countsLine(d: Pick<RunDiff, 'summary'>): string {
  return (
    (Object.keys(COUNT_LABEL) as ChangeKind[])
      .filter((k) => d.summary.counts[k])
      .map((k) => `${d.summary.counts[k]} ${COUNT_LABEL[k]}`)
      .join(', ') || 'no tests'
  );
}

/** Each demo side's note, naming its scripted roles; one line for both when they were scripted alike. */
function demoLines(d: RunDiff): string[] {
  const notes = (['A', 'B'] as const)
    .map((side) => ({ side, run: side === 'A' ? d.a : d.b }))
    .filter((x) => x.run.demo)
    .map((x) => ({ side: x.side, note: demoNote(scriptedRolesOfRefs(x.run.models)) }));
  if (!notes.length) return [];
  if (notes.length === 2 && notes[0].note === notes[1].note) return [`A and B: ${notes[0].note}`, ''];
  return [...notes.map((n) => `${n.side}: ${n.note}`), ''];
}

/** The whole text report: runs, summary, counts, regressions, improvements, noise/flaky, new/removed, divergences, agent changes. */
export function formatDiffText(d: RunDiff): string {
  const lines: string[] = [header('A', d.a), header('B', d.b), d.differ_line];
  for (const note of d.comparability.notes) lines.push(`NOTE ${note}`);
  lines.push(...fitnessLines(d.a.fitness, 'A: '), ...fitnessLines(d.b.fitness, 'B: '), '');
  lines.push(...demoLines(d));
  if (d.summary.per_conversation)
    lines.push(
      `The runs hold ${d.summary.a.results} and ${d.summary.b.results} conversations (different repeats): tokens are compared per conversation.`,
      '',
    );
  lines.push(...summaryLines(d), '');
  lines.push(countsLine(d), '');
  if (d.attack_success?.length) {
    lines.push('ATTACK SUCCESS by category (red team: A before, B after; 95% intervals)');
    for (const r of d.attack_success)
      lines.push(
        `  ${r.id} (${r.owasp})  A: ${attackSideText(r.a)}  B: ${attackSideText(r.b)}  ${attackChangeText(r)}`,
      );
    lines.push('');
  }
  const section = (title: string, kind: ChangeKind, withDetails: boolean) => {
    const tests = d.tests.filter((t) => t.change === kind);
    if (!tests.length) return;
    lines.push(title);
    for (const t of tests) {
      lines.push(`  ${t.test}  ${statusText(t)}`);
      if (withDetails) for (const x of details(t, d.comparability.scores_comparable)) lines.push(`    ${x}`);
    }
    lines.push('');
  };
  section('REGRESSIONS', 'regressed', true);
  section('IMPROVEMENTS', 'improved', true);
  section('NOISE (status flipped, not significant)', 'noise', false);
  section('FLAKY (repeats disagree)', 'flaky', false);
  const names = (kind: ChangeKind) => d.tests.filter((t) => t.change === kind).map((t) => t.test);
  if (names('new').length) lines.push(`NEW: ${names('new').join(', ')}`);
  if (names('removed').length) lines.push(`REMOVED: ${names('removed').join(', ')}`);
  if (names('new').length || names('removed').length) lines.push('');
  const divergences = d.tests.map(divergenceLine).filter((x): x is string => !!x);
  if (divergences.length)
    lines.push('DIVERGENCES (first turn where the node paths differ)', ...divergences.map((x) => `  ${x}`), '');
  if (d.graph_changes) {
    const va = d.a.agent_version !== null ? `v${d.a.agent_version}` : d.a.agent_version_id;
    const vb = d.b.agent_version !== null ? `v${d.b.agent_version}` : d.b.agent_version_id;
    lines.push(
      `AGENT CHANGES (${va} -> ${vb})`,
      ...(d.graph_changes.length ? d.graph_changes.map((c) => `  ${c.text}`) : ['  none (same content)']),
      '',
    );
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}
