import { AgentGraph, type AgentGraphInput, type TestSuite } from '../../src-shared/schemas/index.js';
import { EXPORTERS } from './registry.js';
import { renderParleySuite, renderVoicetestTests } from './suites/index.js';
import { exportReport } from '../../src-shared/text/export-report.js';
import { EXPORT_FORMATS, ExportContext, type Dropped, type ExportFormat, type SuiteFormat } from './types.js';

export interface ExportResult {
  text: string;
  /** Every feature the target format could not carry. Empty when exporting back to the source format. */
  dropped: Dropped[];
  /** Things to know about the written file (e.g. it is larger than the platform accepts). */
  warnings: string[];
}

/** Renders a graph in an outside format. Writing back to the format it came from restores what Parley kept. */
export function exportAgent(graph: AgentGraph | AgentGraphInput, format: ExportFormat): ExportResult {
  const exporter = EXPORTERS[format];
  if (!exporter)
    throw new Error(`unknown export format ${JSON.stringify(format)}; expected one of ${EXPORT_FORMATS.join(', ')}`);
  const g = AgentGraph.parse(graph);
  const ctx = new ExportContext(g, exporter.nativeFormats.includes(g.source.format), exporter.keepsSnippets === true);
  const value = exporter.render(g, ctx);
  const text = exporter.toText ? exporter.toText(value) : `${JSON.stringify(value, null, 2)}\n`;
  const warnings = [...ctx.warnings];
  const bytes = Buffer.byteLength(text, 'utf8');
  const tooLarge = exporter.sizeWarning?.(bytes);
  if (tooLarge) warnings.push(tooLarge);
  // What a person would miss first (nodes, transitions, tools, variables), then the rest, metadata notes last.
  const report = exportReport(ctx.dropped);
  const dropped = [...report.lost, ...(report.metadata?.entries ?? []), ...report.notes];
  return { text, dropped, warnings };
}

/** Renders a suite as a voicetest test list or Parley suite JSON. */
export function exportSuite(suite: TestSuite, format: SuiteFormat): { text: string; dropped: Dropped[] } {
  if (format === 'voicetest-tests') {
    const { value, dropped } = renderVoicetestTests(suite);
    return { text: `${JSON.stringify(value, null, 2)}\n`, dropped };
  }
  return { text: `${JSON.stringify(renderParleySuite(suite), null, 2)}\n`, dropped: [] };
}
