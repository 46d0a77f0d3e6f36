import type { ModelInfo } from '../../../src-shared/schemas/index.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';

/** A plain text table: PROVIDER NAME SIZE QUANT ARCH CTX WHERE (+ READINESS, the newest check, when any model has one). */
export function formatModelsTable(models: ModelInfo[], readiness?: (spec: string) => string): string {
  if (!models.length) return 'No models found.';
  const ready = models.map((m) => readiness?.(m.spec) ?? '');
  const withReady = ready.some(Boolean);
  const header = ['PROVIDER', 'NAME', 'SIZE', 'QUANT', 'ARCH', 'CTX', 'WHERE', ...(withReady ? ['READINESS'] : [])];
  const rows = models.map((m, i) => [
    m.provider,
    m.name,
    formatBytes(m.size_bytes),
    m.quantization ?? '',
    m.architecture ?? '',
    m.context_length ? String(m.context_length) : '',
    m.path ?? m.endpoint ?? '',
    ...(withReady ? [ready[i]] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 || i === 5 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
