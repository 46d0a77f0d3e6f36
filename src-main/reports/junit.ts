import type { Result, Run } from '../../src-shared/schemas/index.js';
import { wilson } from '../../src-shared/stats/index.js';
import { modelLabel } from '../compare/summary.js';
import { latencyBudgetTestcase, latencyProperties } from './junit-latency.js';
import { audioTestcase, audioProperties } from './junit-audio.js';
import { speechProperties } from './junit-speech.js';
import { checkFailureText } from '../engine/judge/check-kinds.js';

/**
 * JUnit XML for a run (the format CI systems read): one <testcase> per conversation (test x repeat),
 * <failure> listing every failed metric, rule and assertion, <error> for conversations that errored,
 * <skipped> for imported calls that were never evaluated, and the transcript (with what was heard) in
 * <system-out>; a conversation heard through speech gets a second testcase for the verdict on what was
 * heard (junit-audio.ts), so a check that passed on the text and failed on what was heard fails in CI.
 * Shared by `parley runs export --format junit` and `parley run --junit FILE`.
 */

// XML 1.0 forbids most control characters even when escaped.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** pass_rate with its 95% Wilson interval, over the judged conversations (none when nothing was judged). */
function passRateProperties(results: Result[]): Record<string, string> {
  const judged = results.filter((r) => r.status !== 'imported');
  const p = wilson(judged.filter((r) => r.status === 'pass').length, judged.length);
  if (p.rate === null) return {};
  const f = (x: number) => x.toFixed(4);
  return { pass_rate: f(p.rate), pass_rate_low: f(p.low), pass_rate_high: f(p.high), pass_rate_n: String(p.n) };
}

export function escapeXml(s: string): string {
  return s
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attrs = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
const seconds = (ms: number) => (ms / 1000).toFixed(3);
/** What the per-kind testcase writers need to write XML. */
const xml = { attrs, escape: escapeXml, seconds };
export type XmlTools = typeof xml;

/** One line per thing that made a conversation fail. */
export function failureReasons(r: Result): string[] {
  const out: string[] = [];
  for (const m of r.metrics)
    if (!m.passed)
      out.push(
        `metric "${m.criterion}" scored ${m.score.toFixed(2)} < ${m.threshold.toFixed(2)}${m.reasoning ? `: ${m.reasoning}` : ''}`,
      );
  // each check kind words its own failure (engine/judge/check-kinds.ts)
  for (const c of r.rules) if (!c.passed) out.push(checkFailureText('rules', c));
  for (const c of r.assertions) if (!c.passed) out.push(checkFailureText('assertions', c));
  return out;
}

export function transcriptText(r: Result): string {
  return r.transcript
    .flatMap((t) => [
      `${t.role}${t.node ? ` [${t.node}]` : ''}${t.tool ? ` (${t.tool})` : ''}: ${t.content}`,
      ...(t.heard !== undefined ? [`  heard: ${t.heard}`] : []),
      ...(t.speech_error ? [`  speech error: ${t.speech_error}`] : []),
    ])
    .join('\n');
}

const caseName = (r: Result, repeated: boolean) => (repeated ? `${r.test} (repeat ${r.repeat + 1})` : r.test);
const caseClass = (run: Run) => [run.agent_name || run.agent_id, run.suite_name || run.kind].join('.');

function testcase(run: Run, r: Result, repeated: boolean): string {
  const name = caseName(r, repeated);
  const classname = caseClass(run);
  const open = `    <testcase${attrs({ name, classname, time: seconds(r.duration_ms) })}>`;
  const body: string[] = [];
  if (r.status === 'error') {
    body.push(
      `      <error${attrs({ message: r.error ?? 'error', type: r.end_reason })}>${escapeXml(r.error ?? '')}</error>`,
    );
  } else if (r.status === 'fail') {
    const reasons = failureReasons(r);
    body.push(
      `      <failure${attrs({ message: reasons[0] ?? 'failed', type: 'parley' })}>${escapeXml(reasons.join('\n'))}</failure>`,
    );
  } else if (r.status === 'imported') {
    body.push(`      <skipped${attrs({ message: 'imported call, not evaluated (parley evaluate)' })}/>`);
  }
  body.push(`      <system-out>${escapeXml(transcriptText(r))}</system-out>`);
  return [open, ...body, '    </testcase>'].join('\n');
}

/** Counts of the conversations' testcases plus the extra ones (latency budget, what was heard). */
function counts(results: Result[], extraCases: string[] = []) {
  const extra = extraCases.filter(Boolean);
  return {
    tests: results.length + extra.length,
    failures: results.filter((r) => r.status === 'fail').length + extra.filter((c) => c.includes('<failure')).length,
    errors: results.filter((r) => r.status === 'error').length + extra.filter((c) => c.includes('<error')).length,
    skipped: results.filter((r) => r.status === 'imported').length,
    time: seconds(results.reduce((s, r) => s + r.duration_ms, 0)),
  };
}

/** One <testsuite> element for a run. */
function testsuite(run: Run, results: Result[], named: boolean): string[] {
  const repeated = new Set<number>();
  const seen = new Set<number>();
  for (const r of results) {
    if (seen.has(r.test_index)) repeated.add(r.test_index);
    seen.add(r.test_index);
  }
  const props = {
    run_id: run.id,
    kind: run.kind,
    status: run.status,
    agent: run.agent_name,
    agent_version: run.agent_version_id,
    agent_model: modelLabel(run),
    ...(run.models.caller
      ? { caller_model: `${run.models.caller.spec.provider}:${run.models.caller.spec.model}` }
      : {}),
    ...(run.models.judge ? { judge_model: `${run.models.judge.spec.provider}:${run.models.judge.spec.model}` } : {}),
    ...(run.parent_run_id ? { parent_run_id: run.parent_run_id } : {}),
    ...(run.options.merged_from?.length ? { merged_from: run.options.merged_from.join(',') } : {}),
    ...(run.options.copied_from?.length ? { copied_from: run.options.copied_from.join(',') } : {}),
    ...passRateProperties(results),
    ...latencyProperties(run, results),
    ...audioProperties(run, results),
    ...speechProperties(results),
  };
  const budget = latencyBudgetTestcase(run, results, { attrs, escape: escapeXml });
  const heard = results.map((r) =>
    audioTestcase(r, { name: caseName(r, repeated.has(r.test_index)), classname: caseClass(run) }, xml),
  );
  const name = named ? `${run.suite_name || run.id} [${modelLabel(run)}]` : run.suite_name || run.id;
  return [
    `  <testsuite${attrs({ name, id: run.id, ...counts(results, [budget, ...heard]), timestamp: run.started_at ?? run.created_at })}>`,
    '    <properties>',
    ...Object.entries(props).map(([k, value]) => `      <property${attrs({ name: k, value })}/>`),
    '    </properties>',
    ...results.flatMap((r, i) => [testcase(run, r, repeated.has(r.test_index)), ...(heard[i] ? [heard[i]] : [])]),
    ...(budget ? [budget] : []),
    '  </testsuite>',
  ];
}

/**
 * The JUnit XML document for one or more runs (a model matrix: one <testsuite> per run, named with
 * its agent model so CI shows them apart).
 */
export function toJUnitXmlRuns(runs: { run: Run; results: Result[] }[]): string {
  const all = runs.flatMap((x) => x.results);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({
      name: 'parley',
      ...counts(all, [
        ...runs.map((x) => latencyBudgetTestcase(x.run, x.results, { attrs, escape: escapeXml })),
        ...runs.flatMap((x) => x.results.map((r) => audioTestcase(r, { name: '', classname: '' }, xml))),
      ]),
    })}>`,
    ...runs.flatMap((x) => testsuite(x.run, x.results, runs.length > 1)),
    '</testsuites>',
    '',
  ].join('\n');
}

/** The JUnit XML document for a run and its results. */
export function toJUnitXml(run: Run, results: Result[]): string {
  return toJUnitXmlRuns([{ run, results }]);
}
