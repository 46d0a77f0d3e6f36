/**
 * The round-trip property of the format tests (round-trip-*.test.ts, one file per format family):
 * a random graph within what a format supports (its Caps for graph-gen.ts) is exported, imported
 * again and compared without source bookkeeping; nothing may be dropped but the agent name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentGraph, type AgentGraphInput } from '../../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile, type ExportFormat } from '../../../../src-main/formats/index.js';
import { validateGraph } from '../../../../src-main/formats/index.js';
import { stableStringify } from '../../../../src-main/formats/shared/stable-json.js';
import { ALL_OPERATORS, graphArb, type Caps } from './graph-gen.js';

/** Everything but source bookkeeping: what a format must carry through export and re-import. */
export function comparable(g: AgentGraph): unknown {
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

export function roundTrip(
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
export const RUNS = { numRuns: 30, endOnFailure: true };
export const every = (): ('prompt' | 'static')[] => ['prompt', 'static'];
export const promptOnly = (): ('prompt' | 'static')[] => ['prompt'];
export const base: Omit<Caps, 'types' | 'kinds' | 'transitionId'> = {
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
export const functionTools: NonNullable<Caps['finish']> = (g) => {
  g.tools = g.nodes
    .filter((n) => n.type === 'function')
    .map((n) => ({ name: n.tool as string, description: `calls ${n.tool as string}`, kind: 'custom' }));
};

/** A format's export name and the graphs it supports. */
export interface FormatCaps {
  format: ExportFormat;
  caps: Caps;
}

/** One property test per entry: parley -> format -> parley keeps everything the format supports. */
export function roundTripProperties(formats: Record<string, FormatCaps>): void {
  describe('property: parley -> format -> parley keeps everything the format supports', () => {
    for (const [label, { format, caps }] of Object.entries(formats)) {
      it(`${label}`, () => {
        fc.assert(
          fc.property(graphArb(caps), (input) => {
            const { before, after, dropped } = roundTrip(input, format);
            expect(dropped.filter((d) => !/^name: agent name$/.test(d))).toEqual([]);
            // A dropped agent name comes back as whatever the file names the agent by (issue 33).
            if (dropped.includes('name: agent name'))
              (after as { name: unknown }).name = (before as { name: unknown }).name;
            expect(after).toEqual(before);
          }),
          RUNS,
        );
      });
    }
  });
}
