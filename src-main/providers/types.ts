import type {
  EndpointStatsRecord,
  ModelIdentity,
  ModelInfo,
  ModelSpec,
  ProviderId,
} from '../../src-shared/schemas/index.js';

/** Load and errors of one endpoint of a model (shared/endpoint-state.ts counts them). */
export type EndpointStats = Omit<EndpointStatsRecord, 'model'>;

/**
 * One interface for every model backend. The engine opens one ModelSession per role per
 * conversation (and per purpose where prompts differ: chat, route, extract, caller, judge...),
 * always passes the FULL message list, and a local backend reuses its KV cache for the prefix it
 * has already evaluated in that session.
 */

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** assistant messages that called tools */
  tool_calls?: ToolCallRequest[];
  /** tool messages: which call this answers */
  tool_call_id?: string;
  name?: string;
}

export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A tool the model may call during a chat (OpenAI function shape). */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema object for the arguments. Bound every string/number for grammar safety. */
  parameters: Record<string, unknown>;
}

/** What one model call cost. */
export interface CallUsage {
  prompt_tokens: number;
  /** Prompt tokens served from cache (KV reuse / provider prompt cache) rather than evaluated. */
  cached_prompt_tokens: number;
  completion_tokens: number;
  /** Wall time of the call in ms. */
  wall_ms: number;
  /**
   * ms from the start of the call to its first streamed output (a text chunk or a tool-call delta), measured where
   * the call streamed; absent when it did not stream or produced nothing (docs/latency.md).
   */
  first_token_ms?: number;
  prompt_eval_ms?: number;
  eval_ms?: number;
  load_ms?: number;
  /** Which endpoint served the call (multi-endpoint providers). */
  endpoint?: string;
}

export interface CallOptions {
  /** Free-form label for logs, usage attribution and scripted models: 'chat', 'route', 'extract', 'tool_args', 'caller', 'judge', 'facts', ... */
  purpose?: string;
  maxTokens?: number;
  temperature?: number;
  /** The sampling seed of this call, over the spec's params.seed (a red-team attempt's own attacker seed). */
  seed?: number;
  signal?: AbortSignal;
}

export interface ChatRequest extends CallOptions {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** Streamed text chunks as they are generated. */
  onToken?: (chunk: string) => void;
}

export interface ChatResponse {
  text: string;
  toolCalls: ToolCallRequest[];
  usage: CallUsage;
}

export interface StructuredRequest extends CallOptions {
  messages: ChatMessage[];
  /** JSON Schema (type object). Strings must have maxLength or enum, numbers minimum/maximum. */
  schema: Record<string, unknown>;
  /** Name for the schema (OpenAI response_format). */
  schemaName?: string;
  /** Raw JSON text chunks as they are generated (every provider streams when this is given). */
  onToken?: (chunk: string) => void;
}

export interface StructuredResponse<T = unknown> {
  value: T;
  /** Raw text the model produced. */
  raw: string;
  /** false when a repair retry (or fallback) was needed. */
  parsedFirstTry: boolean;
  usage: CallUsage;
}

export interface ModelSession {
  chat(req: ChatRequest): Promise<ChatResponse>;
  structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>>;
  /** Frees the session's resources (a llama.cpp context sequence). Idempotent. */
  dispose(): Promise<void>;
}

export interface ChatModel {
  readonly spec: ModelSpec;
  identity(): Promise<ModelIdentity>;
  /** A new session: a fresh conversation state (for llama-cpp, its own context sequence). */
  openSession(opts?: { label?: string }): Promise<ModelSession>;
  /** Max parallel sessions this model serves well (llama-cpp: sequences of its context). */
  readonly maxParallel: number;
  close(): Promise<void>;
  /**
   * A cheap authenticated call that proves the model answers (the pre-run check): list the server's
   * models, else a 1-token completion. Throws a ProviderError. Absent where loading already proves it.
   */
  check?(signal?: AbortSignal): Promise<void>;
  /** Exact token count of a text with the model's tokenizer (in-process models). */
  countTokens?(text: string): number;
  /** Tokens per conversation (per sequence) where the provider knows it. */
  readonly contextTokens?: number;
  /** Per-endpoint load and errors since the model was loaded (models served over HTTP). */
  endpointStats?(): EndpointStats[];
}

export interface ListOptions {
  /** llama-cpp models folder. */
  dir?: string;
  /** ollama / openai base URLs. */
  endpoints?: string[];
  signal?: AbortSignal;
}

export interface Provider {
  readonly id: ProviderId;
  /** Load (or connect to) a model. Shared: the registry caches one ChatModel per distinct spec. */
  load(spec: ModelSpec, opts?: { signal?: AbortSignal }): Promise<ChatModel>;
  list(opts: ListOptions): Promise<ModelInfo[]>;
}

/** Every provider error names the provider, the model and the URL/path. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'connection_refused'
      | 'model_not_found'
      | 'unauthorized'
      | 'context_overflow'
      | 'rate_limited'
      | 'timeout'
      | 'bad_output'
      | 'server_error'
      | 'cancelled'
      | 'invalid_spec',
    readonly provider: ProviderId,
    readonly model: string,
    readonly where?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  /** HTTP status when the error came from a server response. */
  status?: number;
  /** Server-requested delay before retrying (Retry-After), in ms. */
  retryAfterMs?: number;
  /** What the failed call spent before it failed (e.g. a cut-off structured answer and its repair). */
  usage?: CallUsage;
}

export const emptyUsage = (): CallUsage => ({
  prompt_tokens: 0,
  cached_prompt_tokens: 0,
  completion_tokens: 0,
  wall_ms: 0,
});
