import { z } from 'zod';
import { MAX_REPEATS, MAX_TURNS } from '../limits.js';
import { Persona } from './persona.js';
import { LatencyBudget } from './latency-budget.js';
import { CallerPerturbations } from './perturbations.js';
import { Checkpoint } from './checkpoint.js';
import { RedteamProbe, RedteamSettings } from './redteam.js';

export const MetricSpec = z.union([
  z.string().min(1),
  z.object({
    criterion: z.string().min(1),
    threshold: z.number().min(0).max(1).optional(),
    name: z.string().optional(),
  }),
]);
export type MetricSpec = z.infer<typeof MetricSpec>;

export const MockStep = z.object({ response: z.unknown().optional(), error: z.string().optional() });

/**
 * Tool mock: the first entry for a tool whose `when` partially matches the call's arguments wins.
 * `sequence` steps per call and sticks on its last step. State resets per conversation.
 */
export const ToolMock = z.object({
  tool: z.string().min(1),
  when: z.record(z.string(), z.unknown()).optional(),
  response: z.unknown().optional(),
  error: z.string().optional(),
  sequence: z.array(MockStep).optional(),
  /** Its response is someone else's data: a red-team pii_leak attempt fails when the agent reads any of its values out. */
  private: z.boolean().optional(),
});
export type ToolMock = z.infer<typeof ToolMock>;

export const ExpectedToolCall = z.object({
  name: z.string().min(1),
  args: z.record(z.string(), z.unknown()).optional(),
  args_match: z.enum(['exact', 'partial', 'ignore']).default('partial'),
});
export const ToolCallAssertion = z.object({
  /** strict: same calls in the same order; unordered: same calls any order; contains: at least these in order; within: only calls from this list. */
  mode: z.enum(['strict', 'unordered', 'contains', 'within']).default('contains'),
  calls: z.array(ExpectedToolCall),
});
export const PathAssertion = z.object({
  must_visit: z.array(z.string()).default([]),
  must_not_visit: z.array(z.string()).default([]),
  ends_at: z.string().optional(),
});
export const Assertions = z.object({
  tool_calls: ToolCallAssertion.optional(),
  path: PathAssertion.optional(),
});
export type Assertions = z.infer<typeof Assertions>;

const TestType = z.preprocess((v) => (v === 'simulation' ? 'llm' : v === 'unit' ? 'rule' : v), z.enum(['llm', 'rule']));

export const TestCase = z.object({
  name: z.string().min(1),
  type: TestType.default('llm'),
  /** Raw caller instructions (voicetest / Retell markdown). Either this or `persona`. */
  user_prompt: z.string().optional(),
  /** Persona id (from the library) or an inline persona. */
  persona: z.union([z.string().min(1), Persona]).optional(),
  metrics: z.array(MetricSpec).default([]),
  metric_threshold: z.number().min(0).max(1).optional(),
  dynamic_variables: z.record(z.string(), z.unknown()).default({}),
  tool_mocks: z.array(ToolMock).default([]),
  /** Case-insensitive substrings; prefix `agent:` or `caller:` to check one side only. */
  includes: z.array(z.string()).default([]),
  excludes: z.array(z.string()).default([]),
  /** Regular expressions that must match somewhere in the transcript. */
  patterns: z.array(z.string()).default([]),
  llm_model: z.string().optional(),
  max_turns: z.number().int().min(1).max(MAX_TURNS).optional(),
  repeats: z.number().int().min(1).max(MAX_REPEATS).optional(),
  assertions: Assertions.optional(),
  /** Judge in two steps: extract facts from the transcript, then judge against them. */
  two_step_judge: z.boolean().optional(),
  /** Scripted caller lines (deterministic mode); when set the caller model is not used. */
  caller_script: z.array(z.string()).optional(),
  /** With caller_script: the caller hangs up as it says the last line (the agent does not answer it), as in a recorded call the caller ended with a message. */
  caller_script_ends_call: z.boolean().optional(),
  /** Start the conversation on this node, as if it had just arrived there (Try it's start node; default: the entry node). */
  start_node: z.string().min(1).optional(),
  /** Phone-caller behaviours for this test (barge-in, silence, noise, dropouts, rate, voice); they win over the persona's, key by key. */
  perturbations: CallerPerturbations.optional(),
  /** Held out of fixing (docs/fix.md): never shown to the model that diagnoses and proposes fixes, run only at the end of a fix to show whether it overfits. Ordinary runs run it like any test. */
  holdout: z.boolean().optional(),
  /** A checkpoint test (issue 34): one agent step from a given moment, judged alone; no simulated caller. */
  checkpoint: Checkpoint.optional(),
  /** A red-team attempt (written by `parley redteam`): its category and what its detectors look for (docs/red-team.md). */
  redteam: RedteamProbe.optional(),
  /** What the source file carried that Parley does not model (original spellings, keys), so export is lossless. */
  source_meta: z.record(z.string(), z.unknown()).optional(),
});
export type TestCase = z.infer<typeof TestCase>;
export type TestCaseInput = z.input<typeof TestCase>;

export const TestSuite = z.object({
  schema_version: z.literal(1).default(1),
  name: z.string().default(''),
  description: z.string().optional(),
  tests: z.array(TestCase),
  /** Default metric threshold for every test of this suite (default 0.7). */
  metric_threshold: z.number().min(0).max(1).optional(),
  /** For tests with repeats: minimum pass rate for the test to count as passed (default 1). */
  min_pass_rate: z.number().min(0).max(1).optional(),
  default_max_turns: z.number().int().min(1).max(MAX_TURNS).optional(),
  /** Score every agent turn (helpfulness, coherence, relevance, faithfulness, verbosity) with the judge model: one call per turn. */
  turn_quality: z.boolean().optional(),
  /** Latency budget of a run of this suite, e.g. {p95_response_ms: 1200} (docs/latency.md). */
  latency: LatencyBudget.optional(),
  /** Red-team settings: canaries and tool policies (docs/red-team.md). */
  redteam: RedteamSettings.optional(),
  /** Format the suite was imported from and what it carried that Parley does not model. */
  source_meta: z.record(z.string(), z.unknown()).optional(),
});
export type TestSuite = z.infer<typeof TestSuite>;
export type TestSuiteInput = z.input<typeof TestSuite>;
