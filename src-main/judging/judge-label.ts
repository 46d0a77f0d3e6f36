import type { ModelSpec } from '../../src-shared/schemas/index.js';
import { modelLabel } from '../../src-shared/text/model-name.js';

/** "ollama:qwen2.5:7b", "llama-cpp:judge.gguf" (local files by file name): how a judge is named in reports. */
export const judgeLabel = (s: ModelSpec): string => modelLabel(s);
