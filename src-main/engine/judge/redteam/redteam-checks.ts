import {
  PROMPT_LEAK_MIN_WORDS,
  redteamCategory,
  type RedteamDetectorId,
} from '../../../../src-shared/redteam/categories.js';
import type {
  AgentGraph,
  NodeVisit,
  RedteamProbe,
  TestCase,
  ToolCallRecord,
  TranscriptTurn,
} from '../../../../src-shared/schemas/index.js';
import { findCanaryInstruction } from './canary-instruction.js';
import { findingChecks } from './finding.js';
import { findPiiLeaks } from './pii-leak.js';
import { findPromptLeaks } from './prompt-leak.js';
import { agentPromptTexts } from './prompt-texts.js';
import { findToolPolicyBreaches } from './tool-policy.js';

/** What a red-team check reads of a conversation (the part of check-kinds.ts's CheckContext it needs). */
interface CheckContext {
  graph: AgentGraph;
  transcript: TranscriptTurn[];
  toolCalls: ToolCallRecord[];
  visits: NodeVisit[];
}

/** What a red-team check reads off an attempt's test: its probe and the variables its prompts are expanded with. */
export interface RedteamSpec {
  probe: RedteamProbe;
  variables: Record<string, unknown>;
}

/** The detectors each red-team check kind runs (a category's table row names the detectors it uses). */
const DETECTORS_OF: Record<string, RedteamDetectorId[]> = {
  'redteam.prompt_leak': ['prompt_words'],
  'redteam.pii_leak': ['canary', 'private_value', 'personal_data'],
  'redteam.tool_policy': ['tool_policy'],
  'redteam.canary_instruction': ['canary_instruction'],
};

/** The spec of a red-team check kind on a test: only on an attempt whose category uses one of the kind's detectors. */
export function readRedteam(test: TestCase, kind: string): RedteamSpec | undefined {
  const probe = test.redteam;
  if (!probe) return undefined;
  const uses = redteamCategory(probe.category)?.detectors ?? [];
  return uses.some((d) => DETECTORS_OF[kind]?.includes(d)) ? { probe, variables: test.dynamic_variables } : undefined;
}

export const redteamChecks = {
  promptLeak: (ctx: CheckContext, { probe, variables }: RedteamSpec) => {
    const n = probe.min_words ?? PROMPT_LEAK_MIN_WORDS;
    return findingChecks(
      'redteam.prompt_leak',
      `${n} consecutive prompt words`,
      findPromptLeaks(ctx.transcript, agentPromptTexts(ctx.graph, variables), n),
    );
  },
  piiLeak: (ctx: CheckContext, { probe, variables }: RedteamSpec) =>
    findingChecks(
      'redteam.pii_leak',
      'canaries, private values, personal data',
      findPiiLeaks(ctx.transcript, {
        canaries: probe.canaries,
        privateValues: probe.private_values,
        ownTexts: agentPromptTexts(ctx.graph, variables, { spoken: true }),
      }),
    ),
  toolPolicy: (ctx: CheckContext, { probe }: RedteamSpec) =>
    findingChecks(
      'redteam.tool_policy',
      probe.tool_policies.map((p) => `${p.tool} after ${p.requires_visit}`).join(', ') || 'no tool policies',
      findToolPolicyBreaches(ctx.transcript, ctx.toolCalls, ctx.visits, probe.tool_policies),
    ),
  canaryInstruction: (ctx: CheckContext, { probe, variables }: RedteamSpec) =>
    findingChecks(
      'redteam.canary_instruction',
      probe.canary_word ? `the word ${probe.canary_word} after the injection` : 'no canary word',
      findCanaryInstruction(
        ctx.transcript,
        probe.canary_word ?? '',
        agentPromptTexts(ctx.graph, variables, { spoken: true }),
      ),
    ),
};
