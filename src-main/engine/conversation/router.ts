import type { GraphNode } from '../../../src-shared/schemas/index.js';
import type { Runtime } from './runtime.js';
import { renderTranscript } from './transcript-text.js';
import type { PromptRouter, RouteOption } from './transitions.js';

const ROUTER_SYSTEM = [
  'You route a phone conversation between an agent and a caller.',
  'You are given the conversation so far and a list of conditions, each with an id.',
  'Answer with the id of the ONE condition that is clearly true now, or "none" when no condition is clearly true,',
  'and a one-line reason.',
].join(' ');

/**
 * The router's messages, prefix-stable across the whole conversation: the fixed instructions lead,
 * the conversation follows (it only grows), and the node's conditions and the question close the
 * request. The next decision re-sends the same beginning with the new lines after it, so a server's
 * prefix cache (or a local session's KV cache) serves everything up to the end of the previous
 * conversation text, also after a node switch (measured on llama-server, bench/BENCHMARKS.md: with the
 * conditions leading instead, every node switch re-read the whole conversation and 33% of the router's
 * prompt tokens came from cache instead of 58%). Only the short conditions tail is read again.
 */
export function routerMessages(conditions: RouteOption[], conversation: string) {
  const list = conditions.map((o) => `- ${o.key}: ${o.prompt}`).join('\n');
  return [
    { role: 'system' as const, content: ROUTER_SYSTEM },
    {
      role: 'user' as const,
      content: `Conversation so far:\n${conversation}\n\nConditions:\n${list}\n\nWhich condition is true? Answer with its id or none.`,
    },
  ];
}

/** The router for one decision: ONE structured call over every prompt condition still in play. */
export function makeRouter(rt: Runtime, node: GraphNode): PromptRouter {
  return async (options: RouteOption[]) => {
    const keys = options.map((o) => o.key);
    const schema = {
      type: 'object',
      properties: {
        transition: { type: 'string', enum: [...keys, 'none'] },
        reason: { type: 'string', maxLength: rt.limits.reasonChars },
      },
      required: ['transition', 'reason'],
      additionalProperties: false,
    };
    const conversation = renderTranscript(rt.agentView(), {
      lastTurns: rt.limits.contextTurns,
      stableWindow: true,
      maxTurnChars: 600,
    });
    const res = await rt.calls.structured<{ transition?: unknown; reason?: unknown }>('agent', 'route', node.id, {
      messages: routerMessages(options, conversation),
      schema,
      schemaName: 'route',
      maxTokens: rt.limits.routeMaxTokens,
    });
    const v = res.value ?? {};
    const key = typeof v.transition === 'string' && keys.includes(v.transition) ? v.transition : null;
    const reason =
      typeof v.reason === 'string' ? v.reason.replace(/\s+/g, ' ').trim().slice(0, rt.limits.reasonChars) : '';
    return { key, reason: reason || (key ? `router chose ${key}` : 'router: none') };
  };
}
