/**
 * An Ollama-protocol server for tests, backed by real node-llama-cpp inference on the tiny GGUF:
 * /api/tags, /api/show, /api/chat (NDJSON streaming or not, timing fields, `format` via grammar,
 * `options.num_ctx` honoured: a context of that many tokens per sequence, as Ollama loads one),
 * /api/pull (streamed status lines), /api/version; 404 with Ollama's error body for unknown models.
 */
import type http from 'node:http';
import type { ChatMessage } from '../../src-main/providers/types.js';
import { getTinyBackend, type TinyBackend } from './tiny-backend.js';
import { sendJson, startServer, type Fault, type RunningServer } from './http-util.js';

export interface OllamaServerOptions {
  /** Model names served (default ['tiny:latest']). All are the tiny GGUF. */
  models?: string[];
  /** Names /api/pull can fetch (default: any name). */
  pullable?: string[];
  modelPath?: string;
  faults?: Fault[];
  /** Delay before answering /api/chat (ms), to observe concurrency. */
  chatDelayMs?: number;
}

export interface OllamaTestServer extends RunningServer {
  backend: TinyBackend;
  /** Currently served model names. */
  models: Set<string>;
  /** Max concurrent /api/chat requests seen. */
  maxConcurrentChats(): number;
}

const norm = (n: string) => (n.includes(':') ? n : `${n}:latest`);
const NS = (ms: number | undefined) => Math.round((ms ?? 0) * 1e6);

interface OllamaChatBody {
  model?: string;
  messages?: Array<{ role: string; content?: string; tool_name?: string }>;
  stream?: boolean;
  format?: unknown;
  keep_alive?: string | number;
  options?: { num_ctx?: number; num_predict?: number; temperature?: number };
}

export async function startOllamaServer(opts: OllamaServerOptions = {}): Promise<OllamaTestServer> {
  const backend = await getTinyBackend(opts.modelPath);
  const models = new Set((opts.models ?? ['tiny:latest']).map(norm));
  const digest = backend.sha256;
  const loaded = new Set<string>();
  let inFlight = 0;
  let maxInFlight = 0;

  const details = () => ({
    parent_model: '',
    format: 'gguf',
    family: 'llama',
    families: ['llama'],
    parameter_size: backend.parameterCount,
    quantization_level: backend.quantization,
  });
  const notFound = (res: http.ServerResponse, name: string) =>
    sendJson(res, 404, { error: `model "${name}" not found, try pulling it first` });

  const server = await startServer(async (req, res, raw, path) => {
    if (req.method === 'GET' && path === '/api/version') return sendJson(res, 200, { version: '0.0.0-parley-test' });
    if (req.method === 'GET' && path === '/api/tags') {
      return sendJson(res, 200, {
        models: [...models].map((name) => ({
          name,
          model: name,
          modified_at: new Date(0).toISOString(),
          size: backend.sizeBytes,
          digest,
          details: details(),
        })),
      });
    }
    const body = (raw ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && path === '/api/show') {
      const name = String(body.model ?? body.name ?? '');
      if (!models.has(norm(name))) return notFound(res, name);
      return sendJson(res, 200, {
        license: '',
        modelfile: `FROM ${backend.path}`,
        parameters: '',
        template: '{{ .Prompt }}',
        details: details(),
        model_info: {
          'general.architecture': 'llama',
          'general.parameter_count': 135552,
          'llama.context_length': backend.contextLength,
          'llama.embedding_length': 64,
        },
        capabilities: ['completion'],
        modified_at: new Date(0).toISOString(),
      });
    }
    if (req.method === 'POST' && path === '/api/pull') {
      const name = String(body.model ?? body.name ?? '');
      if (opts.pullable && !opts.pullable.includes(name) && !opts.pullable.includes(norm(name))) {
        return sendJson(res, 500, { error: 'pull model manifest: file does not exist' });
      }
      const lines = [
        { status: 'pulling manifest' },
        ...[0, 0.5, 1].map((f) => ({
          status: `pulling ${digest.slice(0, 12)}`,
          digest: `sha256:${digest}`,
          total: backend.sizeBytes,
          completed: Math.round(backend.sizeBytes * f),
        })),
        { status: 'verifying sha256 digest' },
        { status: 'writing manifest' },
        { status: 'success' },
      ];
      models.add(norm(name));
      if (body.stream === false) return sendJson(res, 200, { status: 'success' });
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const l of lines) res.write(`${JSON.stringify(l)}\n`);
      return void res.end();
    }
    if (req.method === 'POST' && path === '/api/chat') {
      const b = body as OllamaChatBody;
      const name = String(b.model ?? '');
      if (!models.has(norm(name))) return notFound(res, name);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (opts.chatDelayMs) await new Promise((r) => setTimeout(r, opts.chatDelayMs));
        return await chat(res, b, name);
      } finally {
        inFlight--;
      }
    }
    sendJson(res, 404, { error: `unknown endpoint ${req.method} ${path}` });
  }, opts.faults);

  async function chat(res: http.ServerResponse, b: OllamaChatBody, name: string): Promise<void> {
    const t0 = performance.now();
    const messages: ChatMessage[] = (b.messages ?? []).map((m) => ({
      role: (['system', 'user', 'assistant', 'tool'].includes(m.role) ? m.role : 'user') as ChatMessage['role'],
      content: m.content ?? '',
      name: m.tool_name,
    }));
    const maxTokens = Math.min(b.options?.num_predict && b.options.num_predict > 0 ? b.options.num_predict : 128, 512);
    const temperature = b.options?.temperature;
    const numCtx = b.options?.num_ctx && b.options.num_ctx > 0 ? b.options.num_ctx : undefined;
    const loadMs = loaded.has(norm(name)) ? 0 : backend.model.info.loadMs;
    loaded.add(norm(name));
    const stream = b.stream !== false;
    const base = { model: name, created_at: new Date().toISOString() };
    const finalFields = (
      r: {
        usage: {
          prompt_tokens: number;
          cached_prompt_tokens: number;
          completion_tokens: number;
          prompt_eval_ms?: number;
          eval_ms?: number;
        };
      },
      reason: string,
    ) => ({
      done: true,
      done_reason: reason,
      total_duration: NS(performance.now() - t0),
      load_duration: NS(loadMs),
      // like Ollama: only the prompt tokens actually evaluated (cached prefix excluded)
      prompt_eval_count: Math.max(1, r.usage.prompt_tokens - r.usage.cached_prompt_tokens),
      prompt_eval_duration: NS(r.usage.prompt_eval_ms),
      eval_count: r.usage.completion_tokens,
      eval_duration: NS(r.usage.eval_ms),
    });
    if (b.format) {
      const schema = b.format === 'json' ? { type: 'object', properties: {} } : (b.format as Record<string, unknown>);
      if (!stream) {
        const r = await backend.json(messages, schema, { maxTokens, temperature, numCtx });
        return sendJson(res, 200, {
          ...base,
          message: { role: 'assistant', content: r.text },
          ...finalFields(r, 'stop'),
        });
      }
      // like Ollama: the JSON streams token by token; a refusal before the first token is still a 400
      let started = false;
      const start = () => {
        if (!started) {
          started = true;
          res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        }
      };
      const r = await backend.json(messages, schema, {
        maxTokens,
        temperature,
        numCtx,
        onToken: (t) => {
          start();
          res.write(
            `${JSON.stringify({ model: name, created_at: new Date().toISOString(), message: { role: 'assistant', content: t }, done: false })}\n`,
          );
        },
      });
      start();
      res.end(
        `${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, ...finalFields(r, 'stop') })}\n`,
      );
      return;
    }
    if (!stream) {
      const r = await backend.chat(messages, { maxTokens, temperature, numCtx });
      return sendJson(res, 200, {
        ...base,
        message: { role: 'assistant', content: r.text },
        ...finalFields(r, r.finishReason),
      });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const r = await backend.chat(messages, {
      maxTokens,
      temperature,
      numCtx,
      onToken: (t) =>
        res.write(
          `${JSON.stringify({ model: name, created_at: new Date().toISOString(), message: { role: 'assistant', content: t }, done: false })}\n`,
        ),
    });
    res.end(
      `${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, ...finalFields(r, r.finishReason) })}\n`,
    );
  }

  return { ...server, backend, models, maxConcurrentChats: () => maxInFlight };
}
