import type { GapProposalShape } from '../../../../src-shared/contract/analysis-coverage.js';
import type { GraphCoverage } from '../../../../src-shared/coverage.js';
import type { ModelSpecInput, Persona, Run } from '../../../../src-shared/schemas/index.js';

/** Pure parts of "Cover the gaps" (unit-tested): the model offered first, gap names, edits, what got covered. */

export interface GapDraft extends GapProposalShape {
  keep: boolean;
}

/**
 * The model offered to write the tests: the judge model of the suite's latest run (newest first) that
 * is not the scripted model (it answers from a file and proposes nothing), else the latest run's judge.
 */
export function lastJudgeModel(runs: Pick<Run, 'models'>[]): ModelSpecInput | undefined {
  const judges = runs.map((r) => (r.models.judge ?? r.models.agent)?.spec).filter((s) => !!s);
  return judges.find((s) => s!.provider !== 'scripted') ?? judges[0];
}

/** A node as the canvas names it (its id when it has no name). */
export type NodeName = (id: string) => string;

/** A coverage gap in the canvas's words: "Greeting → Book appointment" or "global node Billing questions". */
export function gapText(g: { kind: 'edge' | 'global'; from: string; to: string }, name: NodeName): string {
  return g.kind === 'edge' ? `${name(g.from)} → ${name(g.to)}` : `global node ${name(g.to)}`;
}

const personaOf = (d: GapDraft) => (typeof d.test.persona === 'object' ? d.test.persona : undefined);

/** The proposals with one edited (kept or not, its test's name, its caller's goal). */
export function editDraft(
  drafts: GapDraft[],
  i: number,
  patch: Partial<GapDraft>,
  persona?: Partial<Persona>,
): GapDraft[] {
  return drafts.map((d, k) => {
    if (k !== i) return d;
    const own = personaOf(d);
    return {
      ...d,
      ...patch,
      test: { ...d.test, ...(patch.test ?? {}), ...(persona && own ? { persona: { ...own, ...persona } } : {}) },
    };
  });
}

/** The gaps the new tests reached: edges and global nodes uncovered before and covered after. */
export function newlyCovered(before: GraphCoverage, after: GraphCoverage, name: NodeName): string[] {
  const still = new Set(after.uncovered_edges.map((e) => e.key));
  const stillGlobals = new Set(after.uncovered_globals.map((g) => g.node));
  return [
    ...before.uncovered_edges.filter((e) => !still.has(e.key)).map((e) => `${name(e.from)} → ${name(e.to)}`),
    ...before.uncovered_globals.filter((g) => !stillGlobals.has(g.node)).map((g) => `global ${name(g.node)}`),
  ];
}
