import { runLatencyReport } from '../../src-shared/latency/run-latency-report.js';
import { LATENCY_FIGURES } from '../../src-shared/latency/run-latency.js';
import type { Result, Run } from '../../src-shared/schemas/index.js';

const FIGURES = LATENCY_FIGURES;

/** A run's latency as JUnit <properties>: latency_p50_response_ms, latency_p95_response_ms, ... (docs/latency.md). */
export function latencyProperties(run: Run, results: Result[]): Record<string, string> {
  const l = runLatencyReport(run, results);
  if (!l) return {};
  const out: Record<string, string> = { latency_agent_turns: String(l.agent_turns) };
  for (const f of FIGURES) {
    const s = l[f];
    if (!s) continue;
    out[`latency_p50_${f}`] = String(s.p50);
    out[`latency_p95_${f}`] = String(s.p95);
  }
  return out;
}

/** The run's latency budget as one JUnit <testcase> (a <failure> naming the figures over budget); '' without a budget. */
export function latencyBudgetTestcase(
  run: Run,
  results: Result[],
  xml: { attrs: (o: Record<string, string>) => string; escape: (s: string) => string },
): string {
  const checks = runLatencyReport(run, results)?.budget ?? [];
  if (!checks.length) return '';
  const classname = [run.agent_name || run.agent_id, run.suite_name || run.kind].join('.');
  const failed = checks.filter((c) => !c.passed);
  const lines = [`    <testcase${xml.attrs({ name: 'latency budget', classname, time: '0' })}>`];
  if (failed.length)
    lines.push(
      `      <failure${xml.attrs({ message: failed[0].message, type: 'latency' })}>${xml.escape(failed.map((c) => c.message).join('\n'))}</failure>`,
    );
  lines.push(`      <system-out>${xml.escape(checks.map((c) => c.message).join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines.join('\n');
}
