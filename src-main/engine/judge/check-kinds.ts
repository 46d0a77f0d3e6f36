import type {
  AgentGraph,
  CheckResult,
  CheckpointExpect,
  NodeVisit,
  TestCase,
  ToolCallRecord,
  TranscriptTurn,
} from '../../../src-shared/schemas/index.js';
import { checkKindMeta, type CheckKindId } from '../../../src-shared/checks/check-kinds.js';
import type { CheckpointStep } from '../conversation/checkpoint-step.js';
import {
  checkNextNode,
  checkNoToolCall,
  checkStepUnmocked,
  checkToolCall,
  checkVariables,
} from './checkpoint-checks.js';
import { checkEndsAt, checkMustNotVisit, checkMustVisit } from './path-assertions.js';
import { checkPatterns, type PatternBudget } from './pattern-rules.js';
import { checkSubstrings } from './substring-rules.js';
import { checkToolCalls, checkUnmocked } from './tool-assertions.js';
import { readRedteam, redteamChecks } from './redteam/redteam-checks.js';

/**
 * THE definitions of the check kinds, keyed by the ids of src-shared/checks/check-kinds.ts (the list the app
 * shows; a test holds the two equal). A definition says where its check is read off a test (a conversation
 * test's schema part, a checkpoint test's `expect` key), which checker runs it, how a failure is worded in
 * reports (JUnit's <failure>, the CLI's failure lists) and, for a check over the spoken words, how audio
 * evaluation re-checks it on what was heard. run-checks.ts runs them in the shared list's order.
 */

/** What a check over the spoken words reads: the transcript as said, or as heard. */
export interface TranscriptCheckContext {
  transcript: TranscriptTurn[];
  patternTimeoutMs?: number;
  /** The run's regex time budget (pattern-rules.ts); a fresh one when absent. */
  patternBudget?: PatternBudget;
}

/** What a conversation's checks read. In a checkpoint test: the step's own turns and tool calls, and the step. */
export interface CheckContext extends TranscriptCheckContext {
  graph: AgentGraph;
  toolCalls: ToolCallRecord[];
  visits: NodeVisit[];
  step?: CheckpointStep;
}

type Checked = CheckResult[] | Promise<CheckResult[]>;

/** One check kind, typed by the part of a test it checks (S). */
interface KindParts<S> {
  /** The part of a conversation test it checks (undefined: nothing to check; absent: not a conversation check). */
  read?: (test: TestCase) => S | undefined;
  /** The part of a checkpoint test's `expect` it checks (absent: not a checkpoint check). */
  readCheckpoint?: (expect: CheckpointExpect) => S | undefined;
  check: (ctx: CheckContext, spec: S) => Checked;
}

/** A check over the spoken words alone, which audio evaluation can run again on what was heard. */
interface TranscriptKindParts<S> extends KindParts<S> {
  check: (ctx: TranscriptCheckContext, spec: S) => Checked;
  /** The part rebuilt from a result's stored checks of this kind (what the result was judged with). */
  fromStored: (stored: CheckResult[]) => S;
}

export interface CheckKindDefinition {
  id: CheckKindId;
  read?: (test: TestCase) => unknown;
  readCheckpoint?: (expect: CheckpointExpect) => unknown;
  check: (ctx: CheckContext, spec: unknown) => Checked;
  /** Audio evaluation re-checks this kind on the heard transcript, from the result's stored checks. */
  reheard?: {
    fromStored: (stored: CheckResult[]) => unknown;
    check: (ctx: TranscriptCheckContext, spec: unknown) => Checked;
  };
  /** How a failed check of this kind is worded in reports (JUnit's <failure>, the CLI's failure lists). */
  failure: (c: CheckResult) => string;
}

/** `rule includes "x" failed: ...`, `assertion must_visit "c" failed: ...`: the list word, kind, target, message. */
export function failedCheckText(list: 'rules' | 'assertions', c: CheckResult): string {
  const word = list === 'rules' ? 'rule' : 'assertion';
  return `${word} ${c.kind} ${JSON.stringify(c.target)} failed${c.message ? `: ${c.message}` : ''}`;
}

function kind<S>(id: CheckKindId, parts: KindParts<S>): CheckKindDefinition {
  const list = checkKindMeta(id)!.list;
  return { id, ...(parts as KindParts<unknown>), failure: (c) => failedCheckText(list, c) };
}

function transcriptKind<S>(id: CheckKindId, parts: TranscriptKindParts<S>): CheckKindDefinition {
  const { fromStored, ...rest } = parts as TranscriptKindParts<unknown>;
  return { ...kind(id, rest), reheard: { fromStored, check: rest.check } };
}

const targets = (stored: CheckResult[]) => stored.map((c) => c.target);

export const CHECK_DEFINITIONS: Record<CheckKindId, CheckKindDefinition> = {
  includes: transcriptKind('includes', {
    read: (t) => t.includes,
    readCheckpoint: (e) => e.includes ?? [],
    check: (ctx, includes: string[]) => checkSubstrings(ctx.transcript, includes, []),
    fromStored: targets,
  }),
  excludes: transcriptKind('excludes', {
    read: (t) => t.excludes,
    readCheckpoint: (e) => e.excludes ?? [],
    check: (ctx, excludes: string[]) => checkSubstrings(ctx.transcript, [], excludes),
    fromStored: targets,
  }),
  pattern: transcriptKind('pattern', {
    read: (t) => t.patterns,
    readCheckpoint: (e) => e.patterns ?? [],
    check: (ctx, patterns: string[]) =>
      checkPatterns(ctx.transcript, patterns, ctx.patternTimeoutMs, ctx.patternBudget),
    fromStored: targets,
  }),
  'checkpoint.next_node': kind('checkpoint.next_node', {
    readCheckpoint: (e) => e.next_node,
    check: (ctx, node: string) => (ctx.step ? [checkNextNode(ctx.graph, ctx.step, node)] : []),
  }),
  'checkpoint.tool_call': kind('checkpoint.tool_call', {
    readCheckpoint: (e) => e.tool_call,
    check: (ctx, expected: NonNullable<CheckpointExpect['tool_call']>) => [checkToolCall(ctx.toolCalls, expected)],
  }),
  'checkpoint.no_tool_call': kind('checkpoint.no_tool_call', {
    readCheckpoint: (e) => (e.no_tool_call ? true : undefined),
    check: (ctx) => [checkNoToolCall(ctx.toolCalls)],
  }),
  'checkpoint.variables': kind('checkpoint.variables', {
    readCheckpoint: (e) => e.variables,
    check: (ctx, expected: Record<string, unknown>) => (ctx.step ? [checkVariables(ctx.step.variables, expected)] : []),
  }),
  unmocked_tool: kind('unmocked_tool', {
    // every test: a call no mock answered fails it (a checkpoint step names them in one check)
    read: () => true,
    readCheckpoint: () => true,
    check: (ctx) => (ctx.step ? checkStepUnmocked(ctx.toolCalls) : checkUnmocked(ctx.toolCalls)),
  }),
  tool_calls: kind('tool_calls', {
    read: (t) => t.assertions?.tool_calls,
    check: (ctx, spec: NonNullable<NonNullable<TestCase['assertions']>['tool_calls']>) => [
      checkToolCalls(ctx.toolCalls, spec),
    ],
  }),
  must_visit: kind('must_visit', {
    read: (t) => t.assertions?.path?.must_visit,
    check: (ctx, refs: string[]) => checkMustVisit(ctx.graph, ctx.visits, refs),
  }),
  must_not_visit: kind('must_not_visit', {
    read: (t) => t.assertions?.path?.must_not_visit,
    check: (ctx, refs: string[]) => checkMustNotVisit(ctx.graph, ctx.visits, refs),
  }),
  ends_at: kind('ends_at', {
    read: (t) => t.assertions?.path?.ends_at,
    check: (ctx, ref: string) => [checkEndsAt(ctx.graph, ctx.visits, ref)],
  }),
  'redteam.prompt_leak': kind('redteam.prompt_leak', {
    read: (t) => readRedteam(t, 'redteam.prompt_leak'),
    check: (ctx, spec) => redteamChecks.promptLeak(ctx, spec),
  }),
  'redteam.pii_leak': kind('redteam.pii_leak', {
    read: (t) => readRedteam(t, 'redteam.pii_leak'),
    check: (ctx, spec) => redteamChecks.piiLeak(ctx, spec),
  }),
  'redteam.tool_policy': kind('redteam.tool_policy', {
    read: (t) => readRedteam(t, 'redteam.tool_policy'),
    check: (ctx, spec) => redteamChecks.toolPolicy(ctx, spec),
  }),
  'redteam.canary_instruction': kind('redteam.canary_instruction', {
    read: (t) => readRedteam(t, 'redteam.canary_instruction'),
    check: (ctx, spec) => redteamChecks.canaryInstruction(ctx, spec),
  }),
};

/** The report wording of a failed check (a kind this Parley does not know: the generic wording of its list). */
export function checkFailureText(list: 'rules' | 'assertions', c: CheckResult): string {
  return Object.hasOwn(CHECK_DEFINITIONS, c.kind)
    ? CHECK_DEFINITIONS[c.kind as CheckKindId].failure(c)
    : failedCheckText(list, c);
}
