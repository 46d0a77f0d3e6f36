/**
 * Round trips through the format (round-trip-support.ts). Assistants that hand off to each other:
 * Telnyx assistants and LiveKit agents (Python).
 */
import { base, promptOnly, roundTripProperties, type FormatCaps } from './round-trip-support.js';

const CAPS: Record<string, FormatCaps> = {
  telnyx: {
    format: 'telnyx',
    caps: {
      ...base,
      types: ['conversation'],
      kinds: () => ['prompt'],
      utteranceModes: promptOnly,
      minNodes: 2,
      positions: 'never',
      nodeNames: 'never',
      firstSpeaker: false,
      beginMessage: true,
      transitionId: (n, _j, t) => `${n}->${t}`,
      finish: (g) => {
        for (const n of g.nodes) {
          const seen = new Set<string>();
          n.transitions = n.transitions.filter((t) => t.target !== n.id && !seen.has(t.target) && seen.add(t.target));
          for (const t of n.transitions)
            t.condition = {
              kind: 'prompt',
              prompt: `The caller should now be handed off to the assistant "${t.target}"`,
            };
        }
        g.tools = [
          { name: 'lookup', description: 'Look up', kind: 'custom', parameters: { type: 'object' } },
          { name: 'hangup', description: 'End the call', kind: 'end_call' },
        ];
        g.nodes.forEach((n) => (n.tools = ['lookup', 'hangup']));
      },
    },
  },
  livekit: {
    format: 'livekit',
    caps: {
      ...base,
      types: ['conversation'],
      kinds: () => ['prompt'],
      utteranceModes: promptOnly,
      positions: 'never',
      nodeNames: 'never',
      firstSpeaker: false,
      beginMessage: true,
      transitionId: (n, _j, t) => `${n}->${t}`,
      finish: (g) => {
        for (const n of g.nodes) {
          const seen = new Set<string>();
          n.transitions = n.transitions.filter((t) => !seen.has(t.target) && seen.add(t.target));
        }
        g.tools = [
          {
            name: 'lookup_order',
            description: 'Look up an order',
            kind: 'custom',
            parameters: {
              type: 'object',
              properties: { order_id: { type: 'string' }, count: { type: 'integer' } },
              required: ['order_id'],
            },
          },
        ];
        g.nodes.forEach((n, i) => (n.tools = i % 2 || g.nodes.length === 1 ? ['lookup_order'] : undefined));
      },
    },
  },
};

roundTripProperties(CAPS);
