import { formatBytes as formatSize } from '../../../src-shared/text/format-bytes.js';
import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  'llama-cpp': 'GGUF file (llama.cpp, in-process)',
  ollama: 'Ollama',
  openai: 'OpenAI-compatible endpoint',
  scripted: 'Scripted (deterministic)',
};

/** The Models page shows an unknown size as a dash. */
export const formatBytes = (n: number | undefined): string => formatSize(n, '—');

export const formatContext = (n: number | undefined) =>
  n ? (n >= 1024 ? `${Math.round(n / 1024)}k tokens` : `${n} tokens`) : '—';

export const modelWhere = (m: ModelInfo) => m.path ?? m.endpoint ?? '';
