import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentGraph, type AgentGraphInput } from '../../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile, type ExportFormat } from '../../../../src-main/formats/index.js';
import { validateGraph } from '../../../../src-main/formats/index.js';
import { stableStringify } from '../../../../src-main/formats/shared/stable-json.js';
import { ALL_OPERATORS, graphArb, text, type Caps } from './graph-gen.js';

/** Everything but source bookkeeping: what a format must carry through export and re-import. */
function comparable(g: AgentGraph): unknown {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== 'source_meta' && k !== 'source')
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  return JSON.parse(stableStringify(strip(g)));
}

function roundTrip(
  input: AgentGraphInput,
  format: ExportFormat,
): { before: unknown; after: unknown; dropped: string[] } {
  const g = AgentGraph.parse(input);
  const v = validateGraph(g);
  if (v.errors.length)
    throw new Error(`generator made an invalid graph: ${v.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const out = exportAgent(g, format);
  const back = parseAgentFile(out.text, format === 'livekit' ? 'prop.py' : 'prop.json');
  if (!back.ok)
    throw new Error(`re-import failed: ${back.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}\n${out.text}`);
  if (back.kind !== 'agent') throw new Error('came back as a suite');
  return {
    before: comparable(g),
    after: comparable(back.graph),
    dropped: out.dropped.map((d) => `${d.path}: ${d.feature}`),
  };
}

// endOnFailure: report the first counterexample instead of shrinking (shrinking fc.gen graphs can take minutes).
// 30 random graphs per format on every run (a new seed each time, so runs add up to more cases over time)
const RUNS = { numRuns: 30, endOnFailure: true };
const every = (): ('prompt' | 'static')[] => ['prompt', 'static'];
const promptOnly = (): ('prompt' | 'static')[] => ['prompt'];
const base: Omit<Caps, 'types' | 'kinds' | 'transitionId'> = {
  maxNodes: 6,
  utteranceModes: every,
  operators: ALL_OPERATORS,
  order: false,
  skipResponse: false,
  positions: 'optional',
  nodeNames: 'optional',
  globals: 'none',
  firstSpeaker: true,
  beginMessage: false,
  globalPrompt: false,
  snippets: false,
  defaultVariables: 'none',
  endTransitions: true,
};
/** Tools a graph's function nodes call, one per node, as a plain custom tool. */
const functionTools: Caps['finish'] = (g) => {
  g.tools = g.nodes
    .filter((n) => n.type === 'function')
    .map((n) => ({ name: n.tool as string, description: `calls ${n.tool as string}`, kind: 'custom' }));
};

const CAPS: Record<string, { format: ExportFormat; caps: Caps }> = {
  parley: {
    format: 'parley',
    caps: {
      ...base,
      types: ['conversation', 'logic', 'extract', 'function', 'transfer', 'end', 'press_digit'],
      kinds: () => ['prompt', 'equation', 'else', 'always', 'skip'],
      transitionId: (n, j) => `${n}.t${j}`,
      order: true,
      skipResponse: true,
      globals: 'entry+goback',
      beginMessage: true,
      globalPrompt: true,
      snippets: true,
      defaultVariables: 'json',
      finish: (g, gen) => {
        functionTools(g, gen);
        g.metrics = [{ criterion: 'Was polite', threshold: 0.8, enabled: true }];
        g.description = 'generated';
      },
    },
  },
  revring: {
    format: 'revring',
    caps: {
      ...base,
      types: ['conversation', 'logic', 'extract', 'function', 'transfer', 'end', 'press_digit'],
      kinds: (t) =>
        t === 'conversation'
          ? ['prompt', 'equation', 'else', 'always', 'skip']
          : ['prompt', 'equation', 'else', 'always'],
      utteranceModes: (w) => (w === 'message' ? ['static'] : every()),
      transitionId: (n, j) => `e_${n}_${j}`,
      order: true,
      skipResponse: true,
      positions: 'always',
      nodeNames: 'always',
      globals: 'entry',
      nodeExtras: (type, gen) => {
        if (type === 'transfer') return { message: { mode: 'prompt', text: gen(text) } };
        if (type === 'press_digit') return { instruction: { mode: 'prompt', text: gen(text) } };
        if (type === 'function')
          return {
            wait_for_result: gen(fc.boolean),
            output_variables: [{ output_key: 'status', variable: 'status_out' }],
            speak_during_execution: { mode: 'static', text: gen(text) },
          };
        return {};
      },
      finish: (g) => {
        g.tools = [...new Set(g.nodes.filter((n) => n.type === 'function').map((n) => n.tool as string))].map(
          (name) => ({ name, description: '', kind: 'custom' }),
        );
      },
    },
  },
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
  voicetest: {
    format: 'voicetest',
    caps: {
      ...base,
      types: ['conversation', 'logic', 'extract', 'end', 'transfer'],
      kinds: (t) =>
        t === 'logic' || t === 'extract' ? ['prompt', 'equation', 'else'] : ['prompt', 'equation', 'always'],
      utteranceModes: promptOnly,
      positions: 'never',
      transitionId: (n, j) => `${n}#${j}`,
      firstSpeaker: false,
      globals: 'entry+goback',
      globalEntryId: (n) => `${n}#global`,
      goBackId: (n, k) => `${n}#back${k}`,
      beginMessage: true,
      globalPrompt: true,
      snippets: true,
      nodeExtras: (type, gen) =>
        (type === 'end' || type === 'transfer') && gen(fc.boolean)
          ? { message: { mode: 'prompt', text: gen(text) } }
          : type === 'transfer'
            ? { target: '' }
            : {},
      finish: (g) => {
        for (const n of g.nodes) if (n.type === 'transfer') n.target = '';
        const convs = g.nodes.filter((n) => n.type === 'conversation');
        convs.forEach((n, i) => {
          n.tools = i % 2 ? ['end_call'] : ['end_call', `helper_${i}`];
        });
        const names = convs.flatMap((n) => n.tools ?? []).filter((x, i, a) => a.indexOf(x) === i);
        g.tools = names.map((name) =>
          name === 'end_call'
            ? { name, description: 'End the call', kind: 'end_call', parameters: {} }
            : { name, description: `helps ${name}`, kind: 'custom', parameters: { type: 'object' } },
        );
      },
    },
  },
  'bland-pathway': {
    format: 'bland',
    caps: {
      ...base,
      types: ['conversation', 'extract', 'transfer', 'end', 'press_digit'],
      kinds: (t) => (t === 'end' ? [] : ['prompt']),
      utteranceModes: every,
      transitionId: (n, j) => `${n}_e${j}`,
      firstSpeaker: false,
      globals: 'entry',
      globalEntryId: (n) => `${n}#global`,
      nodeExtras: (type, gen) =>
        type === 'end' && gen(fc.boolean) ? { message: { mode: 'static', text: gen(text) } } : {},
      finish: (g) => {
        g.name = 'Pathway';
        for (const n of g.nodes) {
          if (n.type === 'extract') {
            n.instruction = { mode: 'prompt', text: 'Ask for the details' };
            n.variables = (n.variables as { type: string }[]).map((v) => ({
              ...v,
              type: v.type === 'enum' ? 'text' : v.type,
              choices: undefined,
            }));
          }
        }
      },
    },
  },
  elevenlabs: {
    format: 'elevenlabs',
    caps: {
      ...base,
      types: ['conversation', 'transfer', 'end', 'function'],
      kinds: (t) => (t === 'end' ? [] : ['prompt', 'equation', 'always']),
      utteranceModes: promptOnly,
      operators: ['==', '!=', '>', '>=', '<', '<='],
      transitionId: (n, j) => `${n}_e${j}`,
      firstSpeaker: false,
      nodeNames: 'optional',
      globalPrompt: true,
      beginMessage: true,
      finish: (g) => {
        g.name = 'Workflow';
        g.global_prompt = g.global_prompt || 'Be helpful.';
        const entry = {
          id: 'start_node',
          type: 'logic',
          transitions: [{ id: 'start_node_e0', target: g.entry_node_id, condition: { kind: 'else' } }],
        };
        for (const n of g.nodes) {
          if (n.type !== 'conversation') delete n.name;
          if (n.type === 'transfer') n.message = undefined;
          if (n.type === 'function') n.output_variables = [];
          for (const t of n.transitions) {
            const c = t.condition as { kind: string; equations?: { right?: string }[] };
            // ElevenLabs literals carry a type; Parley compares text: keep values whose type is not ambiguous.
            c.equations?.forEach((e, k) => (e.right = `v${k}${e.right ?? ''}`.replace(/[^a-z0-9]/gi, '')));
          }
        }
        g.nodes = [entry as never, ...g.nodes];
        g.entry_node_id = 'start_node';
        g.tools = [...new Set(g.nodes.filter((n) => n.type === 'function').map((n) => n.tool as string))].map(
          (name) => ({ name, description: `calls ${name}`, kind: 'custom' }),
        );
      },
    },
  },
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

describe('property: parley -> format -> parley keeps everything the format supports', () => {
  for (const [label, { format, caps }] of Object.entries(CAPS)) {
    it(`${label}`, () => {
      fc.assert(
        fc.property(graphArb(caps), (input) => {
          const { before, after, dropped } = roundTrip(input, format);
          expect(dropped.filter((d) => !/^name: agent name$/.test(d))).toEqual([]);
          expect(after).toEqual(before);
        }),
        RUNS,
      );
    });
  }
});

describe('property: parley JSON keeps any graph, including what other formats cannot carry', () => {
  it('parley -> parley -> parley is the identity', () => {
    fc.assert(
      fc.property(graphArb(CAPS.parley.caps), (input) => {
        const g = AgentGraph.parse(input);
        const once = parseAgentFile(exportAgent(g, 'parley').text, 'p.json');
        expect(once.ok && once.kind === 'agent' && stableStringify(once.graph)).toBe(stableStringify(g));
      }),
      RUNS,
    );
  });
});
