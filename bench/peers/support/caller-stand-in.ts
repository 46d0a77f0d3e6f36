/**
 * A small loopback stand-in for promptfoo's remote generation service (PROMPTFOO_REMOTE_GENERATION_URL):
 * promptfoo's simulated user POSTs `{task, instructions, history}` (history from the user's side: the
 * agent's lines as "user", its own as "assistant") and expects `{result, tokenUsage}`. The stand-in asks
 * the same llama-server to play the caller with EXACTLY Parley's caller request: Parley's message layout
 * (callerMessages), the instructions (the bench passes Parley's caller system prompt) and the settings
 * of Parley's recorded caller request (response_format, max_tokens, temperature). A caller that says
 * it is done ends promptfoo's conversation the way promptfoo expects (###STOP###).
 */
import http from 'node:http';
import type net from 'node:net';
import { callerMessages } from '../../../src-main/engine/conversation/caller.js';

export interface StandIn {
  url: string;
  requests: number;
  stop(): Promise<void>;
}

export async function startCallerStandIn(o: {
  /** OpenAI-compatible base URL (…/v1) of the server that plays the caller. */
  baseUrl: string;
  model: string;
  /** Settings copied from Parley's caller request. */
  settings: { response_format?: unknown; max_tokens?: number; temperature?: number };
}): Promise<StandIn> {
  const state = { requests: 0 };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ status: 'OK' }));
      }
      state.requests++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          instructions?: string;
          history?: { role: string; content: string }[];
        };
        // the history from the caller's side: "user" lines are the agent's, "assistant" lines the caller's own
        const turns = (body.history ?? []).map((m) => ({
          role: m.role === 'user' ? ('agent' as const) : ('caller' as const),
          content: m.content,
        }));
        const messages = callerMessages(body.instructions ?? '', turns);
        const r = await fetch(`${o.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: o.model, messages, ...o.settings }),
        });
        const j = (await r.json()) as {
          choices?: { message?: { content?: string } }[];
          usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
        };
        let message = '';
        let done = false;
        try {
          const v = JSON.parse(j.choices?.[0]?.message?.content ?? '{}') as { message?: unknown; done?: unknown };
          message = typeof v.message === 'string' ? v.message.trim() : '';
          done = v.done === true;
        } catch {
          message = j.choices?.[0]?.message?.content ?? '';
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            result: done ? `${message} ###STOP###` : message,
            tokenUsage: {
              prompt: j.usage?.prompt_tokens ?? 0,
              completion: j.usage?.completion_tokens ?? 0,
              total: j.usage?.total_tokens ?? 0,
              numRequests: 1,
            },
          }),
        );
      } catch (e) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: (e as Error).message }));
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v1/task`,
    get requests() {
      return state.requests;
    },
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
