import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  'llama-cpp': 'GGUF file (llama.cpp, in-process)',
  ollama: 'Ollama',
  openai: 'OpenAI-compatible endpoint',
  scripted: 'Scripted (deterministic)',
};

export function formatBytes(n: number | undefined): string {
  if (n === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v >= 10 ? 0 : 1)} ${units[i]}`;
}

export const formatContext = (n: number | undefined) =>
  n ? (n >= 1024 ? `${Math.round(n / 1024)}k tokens` : `${n} tokens`) : '—';

export const modelWhere = (m: ModelInfo) => m.path ?? m.endpoint ?? '';
