/**
 * Round trips through the format (round-trip-support.ts). Vapi: one assistant and a squad.
 */
import { base, promptOnly, roundTripProperties, type FormatCaps } from './round-trip-support.js';

const CAPS: Record<string, FormatCaps> = {
  'vapi-assistant': {
    format: 'vapi',
    caps: {
      ...base,
      types: ['conversation'],
      kinds: () => [],
      utteranceModes: promptOnly,
      maxNodes: 1,
      positions: 'never',
      nodeNames: 'never',
      idPrefix: '',
      transitionId: () => 'unused',
      beginMessage: true,
      finish: (g) => {
        g.nodes[0].id = 'assistant';
        g.entry_node_id = 'assistant';
        g.name = 'Front desk';
        g.tools = [
          {
            name: 'lookup',
            description: 'Look up a patient',
            kind: 'custom',
            parameters: { type: 'object', properties: { id: { type: 'string' } } },
          },
          { name: 'end_call', description: 'End it', kind: 'end_call' },
          { name: 'transferCall', description: '', kind: 'transfer_call' },
        ];
        g.nodes[0].tools = g.tools.map((t) => t.name as string);
      },
    },
  },
  'vapi-squad': {
    format: 'vapi',
    caps: {
      ...base,
      types: ['conversation'],
      kinds: () => ['prompt'],
      utteranceModes: promptOnly,
      minNodes: 2,
      positions: 'never',
      nodeNames: 'never',
      transitionId: (n, _j, t) => `${n}->${t}`,
      beginMessage: true,
      finish: (g) => {
        g.name = 'Squad';
        for (const n of g.nodes) {
          const seen = new Set<string>();
          n.transitions = n.transitions.filter((t) => t.target !== n.id && !seen.has(t.target) && seen.add(t.target));
        }
        g.tools = [
          { name: 'endCall', description: '', kind: 'end_call' },
          ...g.nodes.map((n, i) => ({ name: `fn_${i}`, description: `tool of ${n.id as string}`, kind: 'custom' })),
        ];
        g.nodes.forEach((n, i) => {
          n.tools = [`fn_${i}`, 'endCall'];
        });
        const order = g.nodes.flatMap((n) => n.tools ?? []).filter((x, i, a) => a.indexOf(x) === i);
        g.tools = order.map((name) => g.tools.find((t) => t.name === name)!);
      },
    },
  },
};

roundTripProperties(CAPS);
