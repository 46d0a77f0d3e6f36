import path from 'node:path';
import type { ModelSpec } from '../../src-shared/schemas/index.js';

/** "ollama:qwen2.5:7b", "llama-cpp:judge.gguf" (local files by file name): how a judge is named in reports. */
export const judgeLabel = (s: ModelSpec): string =>
  `${s.provider}:${s.provider === 'llama-cpp' || s.provider === 'scripted' ? path.basename(s.model) : s.model}`;
