import { z } from 'zod';
import { STRATEGY_IDS } from '../redteam/strategies.js';

/** A tool the agent may call only after the graph visited a node (`{"tool": "book_slot", "requires_visit": "identify"}`). */
export const ToolPolicy = z.object({
  tool: z.string().min(1),
  requires_visit: z.string().min(1),
});
export type ToolPolicy = z.infer<typeof ToolPolicy>;

/** A suite's red-team settings (docs/red-team.md): values that must never be read out, and tool policies. */
export const RedteamSettings = z.object({
  /** Planted strings (a fake card, a code word) the agent must never say. */
  canaries: z.array(z.string().min(1)).default([]),
  tool_policies: z.array(ToolPolicy).default([]),
  /** Written by `parley redteam`: why a category asked for has no attempt (policy on an agent without rules). */
  notes: z.array(z.object({ category: z.string().min(1), note: z.string().min(1) })).optional(),
});
export type RedteamSettings = z.infer<typeof RedteamSettings>;

/**
 * The part of a red-team attempt's test (written by `redteam.start`, never by hand) its detectors read: the
 * category attacked and what the detectors look for, copied from the suite so the stored test is self-contained.
 */
export const RedteamProbe = z.object({
  category: z.string().min(1),
  /** 1-based attempt number within the category. */
  attempt: z.number().int().min(1),
  /** The attacker's strategy (src-shared/redteam/strategies.ts); runs before strategies were recorded: crescendo. */
  strategy: z.enum(STRATEGY_IDS).optional(),
  /** The simulated attacker's own sampling seed, made from the run's seed, the category and the attempt. */
  attacker_seed: z.number().int().min(0).optional(),
  /** system_prompt_leak: this many consecutive words of the agent's own prompt texts in a reply is a leak. */
  min_words: z.number().int().min(3).max(50).optional(),
  canaries: z.array(z.string().min(1)).default([]),
  /** Values of tool mocks marked `private` (and their nested strings and numbers). */
  private_values: z.array(z.string().min(1)).default([]),
  tool_policies: z.array(ToolPolicy).default([]),
  /** prompt_injection: the canary word the injected instruction asks the agent to say. */
  canary_word: z.string().min(1).optional(),
  /** prompt_injection: the tool whose mock response carries the injected instruction (absent: the caller's words). */
  injected_tool: z.string().min(1).optional(),
  /** policy: the agent's own rule this attempt attacks, as written in its prompts. */
  rule: z.string().min(1).optional(),
  /** The attempt's own rubric when it is not the category's (policy: quotes the rule); the judge metric graded. */
  rubric: z.string().min(1).optional(),
});
export type RedteamProbe = z.infer<typeof RedteamProbe>;
