import { exportReport, type DroppedFeature } from '../../../src-shared/text/export-report.js';

/**
 * What an export left out, for stderr: one `dropped PATH: FEATURE (REASON)` line per node, transition, tool,
 * variable and other feature (in that order), then the metadata notes folded into one line.
 */
export function exportReportText(dropped: readonly DroppedFeature[]): string {
  const r = exportReport(dropped);
  const lines = r.lost.map((d) => `dropped ${d.path || '(agent)'}: ${d.feature} (${d.reason})`);
  if (r.metadata) lines.push(`also not written: ${r.metadata.summary}`);
  for (const n of r.notes) lines.push(`dropped ${n.path || '(agent)'}: ${n.feature} (${n.reason})`);
  return lines.map((l) => `${l}\n`).join('');
}
