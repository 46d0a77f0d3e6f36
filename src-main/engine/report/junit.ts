import type { Result, Run } from '../../../src-shared/schemas/index.js';

/** JUnit XML for CI: one <testsuite> per run, one <testcase> per conversation (test + repeat). */

const esc = (s: string) => s
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const secs = (ms: number) => (ms / 1000).toFixed(3);

/** Why a conversation failed, one line per failed check. */
export function failureLines(r: Result): string[] {
  return [
    ...(r.error ? [`error: ${r.error}`] : []),
    ...r.rules.filter((c) => !c.passed).map((c) => `${c.kind} ${c.target}: ${c.message}`),
    ...r.assertions.filter((c) => !c.passed).map((c) => `${c.kind} ${c.target}: ${c.message}`),
    ...r.metrics.filter((m) => m.score < m.threshold).map((m) => `metric "${m.criterion}": ${m.score.toFixed(2)} < ${m.threshold}${m.reasoning ? ` (${m.reasoning})` : ''}`),
  ];
}

export function renderJunit(runs: { run: Run; results: Result[] }[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  for (const { run, results } of runs) {
    const model = run.models.agent ? `${run.models.agent.spec.provider}:${run.models.agent.spec.model}` : '';
    const name = `${run.suite_name || 'suite'} [${model}]`;
    const failures = results.filter((r) => r.status === 'fail').length;
    const errors = results.filter((r) => r.status === 'error').length;
    const time = results.reduce((n, r) => n + r.duration_ms, 0);
    out.push(`  <testsuite name="${esc(name)}" id="${esc(run.id)}" tests="${results.length}" failures="${failures}" errors="${errors}" time="${secs(time)}">`);
    for (const r of results) {
      const tc = `    <testcase classname="${esc(run.suite_name || 'suite')}" name="${esc(r.repeat ? `${r.test} #${r.repeat + 1}` : r.test)}" time="${secs(r.duration_ms)}"`;
      if (r.status === 'pass') { out.push(`${tc}/>`); continue; }
      const lines = failureLines(r);
      const tag = r.status === 'error' ? 'error' : 'failure';
      out.push(`${tc}>`);
      out.push(`      <${tag} message="${esc(lines[0] ?? r.status)}">${esc(lines.join('\n'))}</${tag}>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
