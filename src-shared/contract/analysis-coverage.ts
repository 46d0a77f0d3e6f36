import { z } from 'zod';
import { Condition, GlobalCondition, ModelSpec, TestCase } from '../schemas/index.js';

/** Shapes of the coverage and "Cover the gaps" methods (analysis.coverage, proposeGapTests, saveGapTests). */

const CoverageEdge = z.object({
  key: z.string(),
  from: z.string(),
  transition_id: z.string(),
  to: z.string(),
  condition: Condition,
  taken: z.number().int(),
});

export const GraphCoverageShape = z.object({
  conversations: z.number().int(),
  node_visits: z.record(z.string(), z.number().int()),
  edges: z.array(CoverageEdge),
  globals: z.array(
    z.object({
      node: z.string(),
      entry_conditions: z.array(z.object({ id: z.string(), condition: GlobalCondition })),
      entered: z.number().int(),
    }),
  ),
  uncovered_nodes: z.array(z.string()),
  uncovered_edges: z.array(CoverageEdge),
  uncovered_globals: z.array(
    z.object({
      node: z.string(),
      entry_conditions: z.array(z.object({ id: z.string(), condition: GlobalCondition })),
      entered: z.number().int(),
    }),
  ),
  edge_share: z.number().nullable(),
  node_share: z.number().nullable(),
});

export const CoverageGapShape = z.object({
  key: z.string(),
  kind: z.enum(['edge', 'global']),
  from: z.string(),
  to: z.string(),
  transition_id: z.string().optional(),
  condition: z.string(),
  route: z.array(z.string()).nullable(),
});
export type CoverageGapShape = z.infer<typeof CoverageGapShape>;

export const SuiteCoverageShape = z.object({
  agent: z.object({ agent_id: z.string(), agent_name: z.string(), version_id: z.string(), version: z.number() }),
  suite: z.object({ id: z.string(), name: z.string(), tests: z.number().int() }),
  runs: z.number().int(),
  coverage: GraphCoverageShape,
});
export type SuiteCoverageShape = z.infer<typeof SuiteCoverageShape>;

export const GapProposalShape = z.object({ gap: CoverageGapShape, test: TestCase, why: z.string() });
export type GapProposalShape = z.infer<typeof GapProposalShape>;

export const ProposeOutcomeShape = SuiteCoverageShape.extend({
  model: z.string(),
  model_spec: ModelSpec,
  gaps: z.array(CoverageGapShape),
  proposals: z.array(GapProposalShape),
  failures: z.array(z.object({ gap: CoverageGapShape, error: z.string() })),
  cancelled: z.boolean(),
});
export type ProposeOutcomeShape = z.infer<typeof ProposeOutcomeShape>;

export const CoverageInput = {
  agent_id: z.string().min(1),
  /** A version id or number; absent: the latest version. */
  agent_version_id: z.string().optional(),
  /** Suite id or unique name. */
  suite_id: z.string().min(1),
};

export const ProposeInput = z.object({
  ...CoverageInput,
  /** Absent: the agent model of the suite's latest run. */
  model: ModelSpec.optional(),
  /** Only these gaps (coverage keys); absent: every gap. */
  gaps: z.array(z.string()).optional(),
  concurrency: z.number().int().min(1).max(64).default(2),
});
