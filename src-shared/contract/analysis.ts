import { z } from 'zod';
import { AgentGraph, ModelSpec, TestCase } from '../schemas/index.js';
import { AgentVersionMeta } from './agents.js';
import { method } from './define.js';
import { JobStarted } from './jobs.js';
import { CoverageInput, ProposeInput, SuiteCoverageShape } from './analysis-coverage.js';

/** Where a finding is on the canvas and in the graph file. */
const Where = {
  path: z.string(),
  node_id: z.string().optional(),
  transition_id: z.string().optional(),
};

export const SnippetCandidate = z.object({
  id: z.string(),
  kind: z.enum(['exact', 'near']),
  name: z.string(),
  text: z.string(),
  places: z.array(z.object({ ...Where, start: z.number().int(), end: z.number().int(), text: z.string() })),
  similarity: z.number(),
  saved_chars: z.number().int(),
});
export type SnippetCandidate = z.infer<typeof SnippetCandidate>;

export const SnippetReport = z.object({
  candidates: z.array(SnippetCandidate),
  used_once: z.array(z.object({ name: z.string(), uses: z.array(z.object(Where)) })),
  unused: z.array(z.string()),
});
export type SnippetReport = z.infer<typeof SnippetReport>;

export const LINT_RULES = [
  'unreachable',
  'dead_end',
  'identical_conditions',
  'used_before_set',
  'never_set',
  'unread_extract',
  'unmocked_tool',
  'global_without_go_back',
  'prompt_over_budget',
] as const;
export const LintRule = z.enum(LINT_RULES);
export type LintRule = z.infer<typeof LintRule>;

export const LintFinding = z.object({
  rule: LintRule,
  severity: z.enum(['warning', 'info']),
  message: z.string(),
  ...Where,
});
export type LintFinding = z.infer<typeof LintFinding>;

export const LintReport = z.object({
  findings: z.array(LintFinding),
  skipped: z.array(z.object({ rule: LintRule, why: z.string() })),
  /** How many test suites the mock and variable checks read. */
  suites_checked: z.number().int(),
});
export type LintReport = z.infer<typeof LintReport>;

export const RoutingUtterance = z.object({
  text: z.string(),
  /** The condition key the line was written for, or "none". */
  intended: z.string(),
  /** The condition key the router chose, or "none". */
  chosen: z.string(),
  reason: z.string(),
});
export type RoutingUtterance = z.infer<typeof RoutingUtterance>;

export const RoutingPoint = z.object({
  node_id: z.string(),
  /** What the agent said at the node before each caller line (the router's context). */
  context: z.string(),
  options: z.array(
    z.object({
      key: z.string(),
      target: z.string().nullable(),
      scope: z.enum(['edge', 'global', 'go_back']),
      prompt: z.string(),
    }),
  ),
  /** Row and column labels of the matrix: the option keys, then "none". */
  keys: z.array(z.string()),
  /** matrix[intended][chosen] = how many lines. */
  matrix: z.array(z.array(z.number().int())),
  utterances: z.array(RoutingUtterance),
  accuracy: z.number(),
  /** Conditions that took lines meant for another condition. */
  steals: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int() })),
  never_wins: z.array(z.string()),
  /** Conditions the model wrote no usable caller line for: their row is empty, so the table says nothing about them. */
  no_lines: z.array(z.string()).default([]),
  /** Share of lines meant for a condition that the router sent nowhere. */
  none_rate: z.number(),
  misrouted: z.number().int(),
});
export type RoutingPoint = z.infer<typeof RoutingPoint>;

export const RoutingReport = z.object({
  model: z.string(),
  created_at: z.string(),
  points: z.array(RoutingPoint),
  calls: z.number().int(),
  ms: z.number(),
});
export type RoutingReport = z.infer<typeof RoutingReport>;

const AgentRef = {
  agent_id: z.string().min(1),
  /** A version id or number; absent: the latest version. */
  agent_version_id: z.string().optional(),
};
const SnippetOptions = {
  min_chars: z.number().int().min(4).max(2000).default(12),
  threshold: z.number().min(0.5).max(1).default(0.8),
};
const VersionRef = z.object({
  agent_id: z.string(),
  agent_name: z.string(),
  version_id: z.string(),
  version: z.number(),
});

export const RoutingOutcome = z.object({
  agent: VersionRef,
  /** The stored analysis; absent when cancelled (nothing is stored then). */
  id: z.string().optional(),
  report: RoutingReport,
  cancelled: z.boolean(),
  suite: z.object({ id: z.string(), name: z.string(), tests: z.number().int() }).optional(),
});
export type RoutingOutcome = z.infer<typeof RoutingOutcome>;

export const analysisMethods = {
  'analysis.coverage': method(
    "Coverage of an agent's graph by a suite's stored runs: nodes entered, edges taken, global nodes reached, and the gaps",
    z.object(CoverageInput),
    SuiteCoverageShape,
  ),
  'analysis.proposeGapTests': method(
    'Cover the gaps, as a job (its result: ProposeOutcomeShape): one proposed test case (persona, goal, path assertion) per uncovered edge or global node, one model call each; nothing is stored',
    ProposeInput,
    JobStarted,
  ),
  'analysis.saveGapTests': method(
    'Add reviewed test cases (from analysis.proposeGapTests) to the suite; names must be new in the suite',
    z.object({ suite_id: z.string().min(1), tests: z.array(TestCase).min(1) }),
    z.object({ suite: z.object({ id: z.string(), name: z.string() }), added: z.array(z.string()) }),
  ),
  'analysis.routing': method(
    "Routing ambiguity check, as a job (its result: RoutingOutcome): caller lines per condition from a model, routed by Parley's own router",
    z.object({
      ...AgentRef,
      model: ModelSpec,
      node: z.string().optional(),
      per_condition: z.number().int().min(1).max(50).default(8),
      none: z.number().int().min(0).max(20).default(3),
      concurrency: z.number().int().min(1).max(64).default(2),
      save_tests: z.boolean().default(false),
    }),
    JobStarted,
  ),
  'analysis.routingHistory': method(
    'Stored routing analyses of an agent (of one version, or of all), newest first',
    z.object({ ...AgentRef }),
    z.array(z.object({ id: z.string(), agent_id: z.string(), agent_version_id: z.string(), report: RoutingReport })),
  ),
  'analysis.lint': method(
    'The checklist before export (unreachable nodes, dead ends, identical conditions, variables read before set, ...); advice only',
    z.object({
      graph: AgentGraph,
      /** Suites whose mocks and dynamic variables count; absent: every stored suite. */
      suite_ids: z.array(z.string()).optional(),
      prompt_budget: z.number().int().min(100).max(1_000_000).optional(),
    }),
    LintReport,
  ),
  'analysis.snippets': method(
    'Repeated and near-repeated text across prompts and conditions (snippet candidates), snippets used once, snippets unused',
    z.object({ ...AgentRef, ...SnippetOptions }),
    z.object({ agent: VersionRef, report: SnippetReport }),
  ),
  'analysis.applySnippets': method(
    'Extract exact repeats into snippets as a new agent version (every expanded prompt stays byte-equal)',
    z.object({
      ...AgentRef,
      ...SnippetOptions,
      /** Candidate ids from analysis.snippets; absent: every exact candidate. */
      candidate_ids: z.array(z.string()).optional(),
      /** Names to use instead of the proposed ones, by candidate id. */
      names: z.record(z.string(), z.string().regex(/^[A-Za-z0-9_.-]+$/)).default({}),
    }),
    z.object({ version: AgentVersionMeta, created: z.boolean(), applied: z.array(SnippetCandidate) }),
  ),
};
