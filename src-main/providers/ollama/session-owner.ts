import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import type { EndpointPool } from '../shared/endpoint-pool.js';
import type { ChatMessage, ToolSpec } from '../types.js';

/**
 * What an Ollama session needs from the model that made it (model.ts implements it): the spec, the
 * endpoint pool, what the model learned of its prompts' size, and the context length per endpoint.
 * Kept apart so the session does not import the model (no import circle).
 */
export interface OllamaSessionOwner {
  readonly spec: ModelSpec;
  readonly pool: EndpointPool;
  readonly keepAlive: string;
  readonly fetchImpl?: typeof fetch;
  readonly measuredCharsPerToken: number | undefined;
  releaseEndpoint(ep: string): void;
  numCtxFor(promptTokens: number, maxTokens: number, endpoint: string): Promise<number>;
  observeCompletion(text: string, completionTokens: number | undefined): void;
  estimatePrompt(messages: ChatMessage[], tools?: ToolSpec[], extra?: string): number;
  observePrompt(messages: ChatMessage[], tools: ToolSpec[] | undefined, extra: string, evaluatedTokens: number): void;
  growNumCtx(endpoint: string, numCtx: number): number | undefined;
}
