/**
 * An OpenAI-protocol server for tests, backed by real node-llama-cpp inference on the tiny GGUF:
 * /v1/models, /v1/chat/completions (SSE streaming ending with `data: [DONE]`, usage with
 * cached_tokens, `response_format` json_schema via grammar). Options: required API keys (401
 * echoing the wrong key, as OpenAI does, to test redaction), rejecting json_schema (400),
 * rejecting stream_options, one broken-JSON reply, queued faults (e.g. 429 with Retry-After, N
 * failures), a delay before each completion (a slow server), and `instant` replies without
 * inference (for benches that measure the client).
 */
import type http from 'node:http';
import type { ChatMessage } from '../../src-main/providers/types.js';
import { getTinyBackend } from './tiny-backend.js';
import { instantBackend, type ChatBackend } from './instant-backend.js';
import { sendJson, startServer, type Fault, type RunningServer } from './http-util.js';

export interface OpenAiServerOptions {
  /** Accepted keys; when set, other Authorization headers get 401. */
  apiKeys?: string[];
  /** Served model ids (default ['tiny']). */
  models?: string[];
  /** Answer response_format json_schema with 400 (servers without structured outputs). */
  rejectJsonSchema?: boolean;
  /** Answer stream_options with 400. */
  rejectStreamOptions?: boolean;
  /** The next N structured replies are cut JSON (to exercise the repair retry). */
  brokenJsonReplies?: number;
  modelPath?: string;
  faults?: Fault[];
  /** Wait this long before answering each completion (ms): a slow server. */
  chatDelayMs?: number;
  /** Answer at once with a fixed reply (no model is loaded). */
  instant?: boolean;
}

export interface OpenAiTestServer extends RunningServer {
  /** Base URL including /v1. */
  baseUrl: string;
  backend: ChatBackend;
  /** Completions being answered now / the most at once. */
  inFlight(): number;
  maxInFlight(): number;
  /** Changes the delay before each completion (ms). */
  setChatDelay(ms: number): void;
  /** Tokens the server reported in its responses' usage (what a provider would bill). */
  reported: { prompt_tokens: number; completion_tokens: number; responses: number };
}

interface Body {
  model?: string;
  messages?: Array<{ role: string; content?: string | null; name?: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  response_format?: {
    type: string;
    json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean };
  };
}

/** JSON-mode requests carry the schema in a system message (Parley's fallback instruction). */
function schemaFromMessages(messages: ChatMessage[]): Record<string, unknown> | undefined {
  for (const m of messages) {
    const i = m.content.indexOf('JSON Schema:\n');
    if (i >= 0) {
      try {
        return JSON.parse(m.content.slice(i + 'JSON Schema:\n'.length).trim());
      } catch {
        /* not ours */
      }
    }
  }
  return undefined;
}

export async function startOpenAiServer(opts: OpenAiServerOptions = {}): Promise<OpenAiTestServer> {
  const backend: ChatBackend = opts.instant ? instantBackend() : await getTinyBackend(opts.modelPath);
  let chatDelayMs = opts.chatDelayMs ?? 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const models = opts.models ?? ['tiny'];
  let broken = opts.brokenJsonReplies ?? 0;
  let ids = 0;
  const reported = { prompt_tokens: 0, completion_tokens: 0, responses: 0 };

  const err = (
    res: http.ServerResponse,
    status: number,
    message: string,
    code: string | null,
    param: string | null = null,
  ) => sendJson(res, status, { error: { message, type: 'invalid_request_error', param, code } });

  const server = await startServer(async (req, res, raw, path) => {
    if (opts.apiKeys) {
      const auth = String(req.headers.authorization ?? '');
      const key = auth.replace(/^Bearer\s+/i, '');
      if (!opts.apiKeys.includes(key)) {
        return err(
          res,
          401,
          `Incorrect API key provided: ${key || '(none)'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_api_key',
        );
      }
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'parley-test' })),
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (chatDelayMs > 0) await new Promise((r) => setTimeout(r, chatDelayMs));
        return await completions(res, (raw ?? {}) as Body);
      } finally {
        inFlight--;
      }
    }
    err(res, 404, `Unknown request URL: ${req.method} ${path}`, 'unknown_url');
  }, opts.faults);

  async function completions(res: http.ServerResponse, b: Body): Promise<void> {
    const model = String(b.model ?? '');
    if (!models.includes(model))
      return err(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found');
    if (b.stream_options && opts.rejectStreamOptions)
      return err(res, 400, 'Unrecognized request argument supplied: stream_options', null, 'stream_options');
    const rf = b.response_format;
    if (rf?.type === 'json_schema' && opts.rejectJsonSchema) {
      return err(
        res,
        400,
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        null,
        'response_format',
      );
    }
    const messages: ChatMessage[] = (b.messages ?? []).map((m) => ({
      role: (['system', 'user', 'assistant', 'tool'].includes(m.role) ? m.role : 'user') as ChatMessage['role'],
      content: m.content ?? '',
    }));
    const maxTokens = Math.min(b.max_completion_tokens ?? b.max_tokens ?? 64, 512);
    const id = `chatcmpl-${++ids}`;
    const created = Math.floor(Date.now() / 1000);
    const usageOf = (u: { prompt_tokens: number; cached_prompt_tokens: number; completion_tokens: number }) => {
      reported.prompt_tokens += u.prompt_tokens;
      reported.completion_tokens += u.completion_tokens;
      reported.responses++;
      return usageFields(u);
    };
    const usageFields = (u: { prompt_tokens: number; cached_prompt_tokens: number; completion_tokens: number }) => ({
      prompt_tokens: u.prompt_tokens,
      completion_tokens: u.completion_tokens,
      total_tokens: u.prompt_tokens + u.completion_tokens,
      prompt_tokens_details: { cached_tokens: u.cached_prompt_tokens },
    });

    let schema: Record<string, unknown> | undefined;
    if (rf?.type === 'json_schema') schema = rf.json_schema?.schema ?? { type: 'object', properties: {} };
    else if (rf?.type === 'json_object') schema = schemaFromMessages(messages) ?? { type: 'object', properties: {} };

    if (schema && b.stream) {
      // like OpenAI: a structured answer asked as a stream arrives as content deltas
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const delta = (d: Record<string, unknown>, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: d, finish_reason: finish }] })}\n\n`,
        );
      delta({ role: 'assistant', content: '' }, null);
      const r = await backend.json(messages, schema, {
        maxTokens,
        temperature: b.temperature,
        onToken: (t) => delta({ content: t }, null),
      });
      delta({}, 'stop');
      if (b.stream_options?.include_usage)
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageOf(r.usage) })}\n\n`,
        );
      return void res.end('data: [DONE]\n\n');
    }
    if (schema) {
      const r = await backend.json(messages, schema, { maxTokens, temperature: b.temperature });
      let text = r.text;
      if (broken > 0) {
        broken--;
        text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      }
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: usageOf(r.usage),
      });
    }
    if (!b.stream) {
      const r = await backend.chat(messages, { maxTokens, temperature: b.temperature });
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: r.text }, finish_reason: r.finishReason }],
        usage: usageOf(r.usage),
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    const r = await backend.chat(messages, {
      maxTokens,
      temperature: b.temperature,
      onToken: (t) => chunk({ content: t }, null),
    });
    chunk({}, r.finishReason);
    if (b.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageOf(r.usage) })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    backend,
    reported,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    setChatDelay: (ms) => {
      chatDelayMs = ms;
    },
  };
}
