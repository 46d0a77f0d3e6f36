/**
 * Round trips through the format (round-trip-support.ts). Node-and-edge flow builders: RevRing,
 * voicetest, Bland pathways, ElevenLabs workflows.
 */
import fc from 'fast-check';
import { text } from './graph-gen.js';
import { base, every, promptOnly, roundTripProperties, type FormatCaps } from './round-trip-support.js';

const CAPS: Record<string, FormatCaps> = {
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
};

roundTripProperties(CAPS);
