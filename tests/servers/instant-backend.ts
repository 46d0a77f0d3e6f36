/**
 * Answers at once, without inference: the protocol servers in this mode measure the client (the
 * bench of 1,000 conversations on 4 servers), not the model. Replies are a fixed sentence streamed
 * word by word; structured replies are the schema's smallest valid value.
 */
import type { ChatMessage } from '../../src-main/providers/types.js';
import { defaultForSchema } from '../../src-main/providers/scripted/schema-default.js';
import type { BackendReply, TinyBackend } from './tiny-backend.js';

const REPLY = 'Thanks, I can help with that. Could you tell me a little more?';

const tokensOf = (messages: ChatMessage[]) =>
  Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4) + 4 * messages.length;

function reply(messages: ChatMessage[], text: string, onToken?: (t: string) => void): BackendReply {
  const words = text.match(/\S+\s*/g) ?? [text];
  for (const w of words) onToken?.(w);
  return {
    text,
    finishReason: 'stop',
    usage: {
      prompt_tokens: tokensOf(messages),
      cached_prompt_tokens: 0,
      completion_tokens: words.length,
      wall_ms: 0,
    },
  };
}

export type ChatBackend = Pick<TinyBackend, 'chat' | 'json'>;

export function instantBackend(): ChatBackend {
  return {
    async chat(messages, o) {
      return reply(messages, REPLY, o.onToken);
    },
    async json(messages, schema, o) {
      return reply(messages, JSON.stringify(defaultForSchema(schema)), o.onToken);
    },
  };
}
