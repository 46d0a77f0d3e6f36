import type { ModelInfo } from '../../src-shared/schemas/index.js';
import { formatBytes } from '../../src-shared/format-bytes.js';

/** A plain text table: PROVIDER NAME SIZE QUANT ARCH CTX WHERE. */
export function formatModelsTable(models: ModelInfo[]): string {
  if (!models.length) return 'No models found.';
  const header = ['PROVIDER', 'NAME', 'SIZE', 'QUANT', 'ARCH', 'CTX', 'WHERE'];
  const rows = models.map((m) => [
    m.provider,
    m.name,
    formatBytes(m.size_bytes),
    m.quantization ?? '',
    m.architecture ?? '',
    m.context_length ? String(m.context_length) : '',
    m.path ?? m.endpoint ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 || i === 5 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
