import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  'llama-cpp': 'GGUF file (llama.cpp, in-process)',
  ollama: 'Ollama',
  openai: 'OpenAI-compatible endpoint',
  scripted: 'Scripted (deterministic)',
};

export const formatContext = (n: number | undefined) =>
  n ? (n >= 1024 ? `${Math.round(n / 1024)}k tokens` : `${n} tokens`) : '—';

export const modelWhere = (m: ModelInfo) => m.path ?? m.endpoint ?? '';
