import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import type { EndpointPool } from '../shared/endpoint-pool.js';
import type { ErrorContext } from '../shared/errors.js';
import type { HttpResponse } from '../shared/http-transport.js';
import type { JsonSchema } from '../shared/json-schema.js';
import type { ChatMessage } from '../types.js';

/** Learned per model: what this server does not accept (so each 400 is paid once). */
export interface CompatFlags {
  noJsonSchema: boolean;
  noJsonObject: boolean;
  noStreamOptions: boolean;
  maxCompletionTokens: boolean;
  noTemperature: boolean;
  noSeed: boolean;
}

/**
 * What an OpenAI-compatible session needs from the model that made it (model.ts implements it): the
 * spec, the endpoint pool, the server's learned quirks and the request itself. Kept apart so the
 * session does not import the model (no import circle).
 */
export interface OpenAiSessionOwner {
  readonly spec: ModelSpec;
  readonly pool: EndpointPool;
  readonly compat: CompatFlags;
  errorContext(endpoint: string): ErrorContext;
  post(endpoint: string, path: string, body: unknown, signal?: AbortSignal): Promise<HttpResponse>;
  learnFrom400(err: unknown): boolean;
  observePrompt(messages: ChatMessage[], promptTokens: number): void;
  observeCompletion(text: string, completionTokens: number | undefined): void;
  structuredLimit(schema: JsonSchema, asked: number | undefined): number | undefined;
  releaseEndpoint(ep: string): void;
}
