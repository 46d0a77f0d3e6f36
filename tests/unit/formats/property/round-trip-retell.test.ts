/**
 * Round trips through the format (round-trip-support.ts). Retell: the conversation flow and the multi-
 * state LLM.
 */
import fc from 'fast-check';
import { ALL_OPERATORS, text } from './graph-gen.js';
import { base, functionTools, promptOnly, roundTripProperties, type FormatCaps } from './round-trip-support.js';

const CAPS: Record<string, FormatCaps> = {
  'retell-cf': {
    format: 'retell-cf',
    caps: {
      ...base,
      types: ['conversation', 'logic', 'extract', 'function', 'transfer', 'end', 'press_digit'],
      kinds: (t) =>
        t === 'transfer'
          ? ['prompt']
          : t === 'conversation'
            ? ['prompt', 'equation', 'else', 'always', 'skip']
            : ['prompt', 'equation', 'else', 'always'],
      operators: ALL_OPERATORS.filter((o) => o !== 'contained_in' && o !== 'not_contained_in'),
      transitionId: (n, j) => `edge-${n}-${j}`,
      skipResponse: true,
      transferMaxTransitions: 1,
      endTransitions: false,
      globals: 'entry+goback',
      globalEntryId: (n) => `${n}#global`,
      globalPrompt: true,
      defaultVariables: 'strings',
      sortTransitions: (ts) => {
        const rank: Record<string, number> = { prompt: 0, equation: 0, else: 1, always: 2, skip: 3 };
        return [...ts].sort((a, b) => rank[a.condition.kind as string] - rank[b.condition.kind as string]);
      },
      nodeExtras: (type, gen) => {
        if (type === 'transfer' && gen(fc.boolean)) return { message: { mode: 'prompt', text: gen(text) } };
        if (type === 'end' && gen(fc.boolean)) return { message: { mode: 'static', text: gen(text) } };
        if (type === 'function')
          return {
            wait_for_result: gen(fc.boolean),
            output_variables: [{ output_key: '$.status', variable: 'status_out' }],
            speak_during_execution: { mode: 'prompt', text: gen(text) },
          };
        return {};
      },
      finish: functionTools,
    },
  },
  'retell-llm': {
    format: 'retell-llm',
    caps: {
      ...base,
      types: ['conversation'],
      kinds: () => ['prompt'],
      utteranceModes: promptOnly,
      positions: 'never',
      nodeNames: 'never',
      minNodes: 2,
      transitionId: (n, _j, t) => `${n}->${t}`,
      beginMessage: true,
      globalPrompt: true,
      defaultVariables: 'json',
      finish: (g) => {
        for (const n of g.nodes) {
          const seen = new Set<string>();
          n.transitions = n.transitions.filter((t) => !seen.has(t.target) && seen.add(t.target));
        }
        const general = [
          { name: 'end_call', description: 'End the call', kind: 'end_call' },
          { name: 'lookup', description: 'Look up', kind: 'custom', parameters: { type: 'object', properties: {} } },
        ];
        const state = g.nodes.map((n, i) => ({
          name: `state_tool_${i}`,
          description: `Only on ${n.id}`,
          kind: 'custom',
        }));
        g.tools = [...general, ...state];
        g.nodes.forEach((n, i) => {
          n.tools = [...general.map((t) => t.name), state[i].name];
        });
      },
    },
  },
};

roundTripProperties(CAPS);
