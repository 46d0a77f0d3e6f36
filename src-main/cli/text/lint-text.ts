import type { LintReport } from '../../../src-shared/contract/analysis.js';

/** The checklist as a person reads it under the file's validation lines. */
export function lintLines(r: LintReport): string[] {
  const lines: string[] = [];
  const warnings = r.findings.filter((f) => f.severity === 'warning').length;
  const notes = r.findings.length - warnings;
  lines.push(
    `  lint: ${warnings} warning${warnings === 1 ? '' : 's'}, ${notes} note${notes === 1 ? '' : 's'}${r.suites_checked ? ` (read against ${r.suites_checked} suite file${r.suites_checked === 1 ? '' : 's'})` : ''}`,
  );
  for (const f of r.findings) {
    const where = f.transition_id ? `edge ${f.transition_id}` : f.node_id ? `node ${f.node_id}` : f.path;
    lines.push(`    ${f.severity === 'warning' ? 'warning' : 'note'} [${f.rule}] ${where}: ${f.message} (${f.path})`);
  }
  for (const s of r.skipped) lines.push(`    not checked [${s.rule}]: ${s.why} (give the suite files too)`);
  return lines;
}
