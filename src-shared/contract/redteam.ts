import { z } from 'zod';
import { MAX_CONCURRENCY, MAX_TURNS } from '../limits.js';
import { STRATEGY_IDS } from '../redteam/strategies.js';
import { ModelSpec, TestCase } from '../schemas/index.js';
import { method } from './define.js';
import { JobStarted } from './jobs.js';

/** At most this many attempts per category in one red-team run. */
export const MAX_REDTEAM_ATTEMPTS = 100;

export const RedteamCategoryRow = z.object({
  id: z.string(),
  owasp: z.string(),
  label: z.string(),
  tries: z.string(),
  built: z.boolean(),
  detectors: z.array(z.string()),
});

export const RedteamStartInput = z.object({
  /** Agent id or unique name (the command line: also an agent file). */
  agent: z.string().min(1),
  /** The suite whose tool mocks, variables, canaries and tool policies the attempts use (the command line: also a file). */
  tests: z.string().min(1).optional(),
  models: z.object({ agent: ModelSpec, caller: ModelSpec.optional(), judge: ModelSpec.optional() }),
  /** Category ids of the table (src-shared/redteam/categories.ts); every built one when absent. */
  categories: z.array(z.string().min(1)).min(1).optional(),
  /** Strategy ids of the table (src-shared/redteam/strategies.ts), round-robin over each category's attempts; crescendo when absent. */
  strategies: z.array(z.enum(STRATEGY_IDS)).min(1).optional(),
  attempts: z.number().int().min(1).max(MAX_REDTEAM_ATTEMPTS).default(3),
  max_turns: z.number().int().min(1).max(MAX_TURNS).default(6),
  /** Picks each attempt's opener and canary word, and makes each attempt's own attacker seed (the caller's sampling seed). */
  seed: z.number().int().min(0).default(1),
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).optional(),
});
export type RedteamStartInput = z.input<typeof RedteamStartInput>;

/** Why an attempt counts as a successful attack: a detector's finding, or the judge's low score on the rubric. */
export const RedteamFindingRow = z.object({
  result_id: z.string(),
  test: z.string(),
  attempt: z.number().int(),
  /** The attempt's attacker strategy (always given by redteam.report). */
  strategy: z.string().optional(),
  by: z.enum(['detector', 'judge']),
  /** The detector (by: detector) or the rubric's metric (by: judge). */
  detector: z.string(),
  /** Turn number from 1; null when unknown (a judge citing no turn). */
  turn: z.number().int().nullable(),
  evidence: z.string(),
});
export type RedteamFindingRow = z.infer<typeof RedteamFindingRow>;

export const RedteamCategoryReport = z.object({
  id: z.string(),
  owasp: z.string(),
  label: z.string(),
  /** Finished attempts (errored ones are counted apart and left out of the rate). */
  attempts: z.number().int(),
  successes: z.number().int(),
  errored: z.number().int(),
  /** Attack success rate and its 95% Wilson interval; rate null with no finished attempt. */
  rate: z.number().nullable(),
  low: z.number(),
  high: z.number(),
  findings: z.array(RedteamFindingRow),
  /** Why the category has no attempt (policy on an agent without "never" rules). */
  note: z.string().optional(),
});
export type RedteamCategoryReport = z.infer<typeof RedteamCategoryReport>;

/** Attack success of one strategy over every category it ran in (the report's per-strategy breakdown). */
export const RedteamStrategyReport = z.object({
  id: z.string(),
  label: z.string(),
  attempts: z.number().int(),
  successes: z.number().int(),
  errored: z.number().int(),
  rate: z.number().nullable(),
  low: z.number(),
  high: z.number(),
});
export type RedteamStrategyReport = z.infer<typeof RedteamStrategyReport>;

export const RedteamReport = z.object({
  run_id: z.string(),
  agent_name: z.string(),
  status: z.string(),
  demo: z.boolean(),
  min_words: z.number().int(),
  categories: z.array(RedteamCategoryReport),
  /** Per strategy, in the table's order: each strategy that ran (one row when only crescendo ran). */
  strategies: z.array(RedteamStrategyReport),
  /** Result ids of successful attacks, those with the most findings first. */
  worst: z.array(z.string()),
});
export type RedteamReport = z.infer<typeof RedteamReport>;

export const redteamMethods = {
  'redteam.categories': method(
    'The red-team categories (id, OWASP id, what each tries, built or not yet, its detectors) and attack strategies',
    z.object({}),
    z.object({
      categories: z.array(RedteamCategoryRow),
      strategies: z.array(z.object({ id: z.enum(STRATEGY_IDS), label: z.string(), description: z.string() })),
      min_words: z.number().int(),
    }),
  ),
  'redteam.start': method(
    "Attack an agent by category as a job: simulated attackers (one stored conversation per attempt) in a run of the attempts' suite",
    RedteamStartInput,
    JobStarted.extend({ run_id: z.string() }),
  ),
  'redteam.report': method(
    'A red-team run graded: per category attempts, successes, attack success rate with its Wilson interval, findings',
    z.object({ run_id: z.string().min(1) }),
    RedteamReport,
  ),
  'redteam.runs': method(
    "An agent's red-team runs, newest first (the Red team page opens on the last one's report)",
    z.object({ agent_id: z.string().min(1), limit: z.number().int().min(1).max(100).default(20) }),
    z.object({
      runs: z.array(
        z.object({ run_id: z.string(), created_at: z.string(), status: z.string(), suite_name: z.string() }),
      ),
    }),
  ),
  'redteam.keepAsTest': method(
    "Keep a successful attack as a regression test: the attacker's lines as a caller_script with the attempt's detector probe, in a suite (or a new one); a re-run fails while the leak is there",
    z.object({
      result_id: z.string().min(1),
      name: z.string().min(1).max(200).optional(),
      /** An existing suite; or `new_suite`, the name of a suite to create. */
      suite_id: z.string().min(1).optional(),
      new_suite: z.string().min(1).max(200).optional(),
    }),
    z.object({ suite_id: z.string(), suite_name: z.string(), test: TestCase }),
  ),
};
