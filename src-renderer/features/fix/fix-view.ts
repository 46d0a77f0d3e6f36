/** Pure readings of a fix for its review screen (tested in tests/unit/renderer/fix/). */
import type { Diagnosis, FixEdit, FixIteration, FixSession, PassCount } from '../../../src-shared/schemas/fix.js';
import { formatProportion, wilson } from '../../../src-shared/stats/index.js';

/** "67% (21-94%, n=3)". */
export const rateText = (c: PassCount): string => formatProportion(wilson(c.k, c.n));

export const FAULT_WORDS: Record<string, string> = {
  agent_prompt: 'Global prompt',
  node_instruction: 'Node instruction',
  transition_condition: 'Transition condition',
  missing_transition: 'Missing transition',
  tool_or_variable: 'Tool or variable',
  not_the_agent: 'Not the agent',
};

export const OUTCOME_WORDS: Record<string, string> = {
  improved: 'Improved: accepted',
  all_pass: 'All pass: accepted',
  no_change: 'No progress',
  regressed: 'Regression: not accepted',
  invalid: 'Refused by the graph check',
  no_edits: 'No edits proposed',
  skipped: 'Not applied',
};

export const CHANGE_WORDS: Record<string, string> = {
  improved: 'improved',
  better: 'better, within noise',
  same: 'no change',
  worse: 'worse',
};

/** Nodes and edge keys (`source::transition`) the diagnoses put faults on, for the canvas. */
export function faultPlaces(diagnoses: Diagnosis[]): { nodes: string[]; edges: string[] } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const f of diagnoses.flatMap((d) => d.faults)) {
    if (f.node_id && f.transition_id) edges.add(`${f.node_id}::${f.transition_id}`);
    else if (f.node_id) nodes.add(f.node_id);
  }
  return { nodes: [...nodes], edges: [...edges] };
}

/** The transcript turns the diagnoses cite (of the conversation each read first). */
export function evidenceTurns(d: Diagnosis): number[] {
  return [...new Set(d.faults.flatMap((f) => f.turns))].sort((a, b) => a - b);
}

/** The version number an iteration edits. */
export function baseVersion(fix: FixSession, it: FixIteration): number | null {
  if (it.base_version_id === fix.start_version_id) return fix.start_version;
  return fix.iterations.find((i) => i.version_id === it.base_version_id)?.version ?? null;
}

/** What the user may do with the fix as it stands. */
export function fixActions(fix: FixSession): {
  apply: boolean;
  retry: boolean;
  auto: boolean;
  keep: boolean;
  resume: boolean;
} {
  const last = fix.iterations.at(-1);
  const busy = fix.status === 'running';
  const waiting = !!last?.proposal && !last.version_id && last.outcome === null;
  const pending = !!last && last.outcome === null && !!last.version_id;
  const autoOpen = !!fix.auto && (!fix.stop || fix.stop.reason === 'cancelled' || fix.stop.reason === 'failed');
  return {
    apply: !busy && waiting,
    retry: !busy && !pending,
    auto: !busy && !pending,
    keep: !busy && fix.iterations.some((i) => i.version_id && i.outcome !== null),
    resume: !busy && (fix.status === 'interrupted' || pending || (autoOpen && fix.stop !== null)),
  };
}

/** A proposal's edits as the editor starts them: each kept, its proposed text as given. */
export interface EditDraft {
  edit: FixEdit;
  keep: boolean;
}

export const draftOf = (edits: FixEdit[]): EditDraft[] => edits.map((edit) => ({ edit, keep: true }));

/** The edits to apply from a draft: the kept ones with the user's text. */
export const editsToApply = (draft: EditDraft[]): FixEdit[] => draft.filter((d) => d.keep).map((d) => d.edit);
