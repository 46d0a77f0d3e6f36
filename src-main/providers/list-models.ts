/** `parley models`: what is available, as ModelInfo rows or a text table. */
import type { ModelInfo, ProviderId } from '../../src-shared/schemas/index.js';
import { createProviderRegistry, type ProviderRegistryOptions } from './registry.js';

export interface ListModelsOptions {
  /** GGUF folder to scan. */
  dir?: string;
  /** Ollama URLs (`true` for the default URL). */
  ollama?: string[] | boolean;
  /** OpenAI-compatible base URLs (`true` for the default). */
  openai?: string[] | boolean;
  signal?: AbortSignal;
  /** Failures per provider; without it the first failure throws. */
  onError?: (err: Error, provider: ProviderId) => void;
  registry?: ProviderRegistryOptions;
}

export async function listModels(opts: ListModelsOptions): Promise<ModelInfo[]> {
  const reg = createProviderRegistry({ ...opts.registry, autoScripted: false });
  try {
    return await reg.list({
      dir: opts.dir,
      ollama: opts.ollama,
      openai: opts.openai,
      signal: opts.signal,
      onError: opts.onError,
    });
  } finally {
    await reg.close();
  }
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v >= 10 ? 0 : 1)} ${units[i]}`;
}

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
