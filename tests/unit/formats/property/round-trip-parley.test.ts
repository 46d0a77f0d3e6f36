/**
 * Round trips through the format (round-trip-support.ts). Parley JSON: every node type and condition
 * kind, and parley -> parley -> parley is the identity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { stableStringify } from '../../../../src-main/formats/shared/stable-json.js';
import { graphArb } from './graph-gen.js';
import { base, functionTools, RUNS, roundTripProperties, type FormatCaps } from './round-trip-support.js';

const CAPS: Record<string, FormatCaps> = {
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
};

roundTripProperties(CAPS);

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
