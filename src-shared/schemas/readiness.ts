import { z } from 'zod';
import { ExtractVariable } from './graph.js';
import { ModelIdentity, ModelSpec } from './model.js';

/**
 * The model readiness check (issue 12, section 6): known-answer tasks written for Parley, run
 * through the engine's own calls (router, extractor, judge, caller), and the stored report.
 * The task files live in src-main/readiness/tasks/*.json and are validated with these schemas.
 */

export const READINESS_ROLES = ['agent', 'caller', 'judge'] as const;
export const ReadinessRole = z.enum(READINESS_ROLES);
export type ReadinessRole = z.infer<typeof ReadinessRole>;

export const READINESS_FAMILIES = ['routing', 'extraction', 'judging', 'caller'] as const;
export const ReadinessFamily = z.enum(READINESS_FAMILIES);
export type ReadinessFamily = z.infer<typeof ReadinessFamily>;

/** Which role each family tests: routing and extraction are the agent model's structured calls. */
export const FAMILY_ROLE: Record<ReadinessFamily, ReadinessRole> = {
  routing: 'agent',
  extraction: 'agent',
  judging: 'judge',
  caller: 'caller',
};

const Turn = z.object({ role: z.enum(['agent', 'caller']), content: z.string().min(1).max(2000) });
const Tags = z.array(z.string().regex(/^[a-z][a-z0-9_-]*$/)).default([]);

export const RoutingTask = z
  .object({
    id: z.string().min(1),
    tags: Tags,
    transcript: z.array(Turn).min(1).max(12),
    conditions: z.array(z.object({ id: z.string().regex(/^[a-z][a-z0-9_]*$/), prompt: z.string().min(1) })).min(2),
    /** The id of the condition that holds, or "none". */
    answer: z.string().min(1),
  })
  .superRefine((t, ctx) => {
    if (t.answer !== 'none' && !t.conditions.some((c) => c.id === t.answer))
      ctx.addIssue({ code: 'custom', path: ['answer'], message: `expected one of the condition ids or "none"` });
  });
export type RoutingTask = z.infer<typeof RoutingTask>;

export const ExtractionTask = z
  .object({
    id: z.string().min(1),
    tags: Tags,
    transcript: z.array(Turn).min(1).max(12),
    variables: z.array(ExtractVariable).min(1).max(6),
    /** The right value of every variable (null: not stated). */
    expected: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .superRefine((t, ctx) => {
    for (const v of t.variables)
      if (!(v.name in t.expected))
        ctx.addIssue({
          code: 'custom',
          path: ['expected', v.name],
          message: `expected a value (or null) for ${v.name}`,
        });
  });
export type ExtractionTask = z.infer<typeof ExtractionTask>;

export const JudgingTask = z.object({
  id: z.string().min(1),
  tags: Tags,
  transcript: z.array(Turn).min(1).max(16),
  criterion: z.string().min(1),
  /** Whether the transcript meets the criterion. */
  pass: z.boolean(),
});
export type JudgingTask = z.infer<typeof JudgingTask>;

export const CallerTask = z.object({
  id: z.string().min(1),
  tags: Tags,
  persona: z.string().min(1),
  /** Facts the caller knows (as a test's dynamic variables). */
  knows: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  transcript: z.array(Turn).min(1).max(12),
  expect: z
    .object({
      /** The reply must contain one of these (case-insensitive). */
      includes_any: z.array(z.string().min(1)).optional(),
      /** The reply must contain none of these (case-insensitive): agent-side phrases, out-of-character text. */
      excludes: z.array(z.string().min(1)).optional(),
      /** Whether the caller should hang up now. */
      done: z.boolean().optional(),
    })
    .refine((e) => e.includes_any || e.excludes || e.done !== undefined, 'expected at least one check'),
});
export type CallerTask = z.infer<typeof CallerTask>;

/** One task's outcome. */
export const ReadinessItem = z.object({
  family: ReadinessFamily,
  id: z.string(),
  tags: z.array(z.string()),
  correct: z.boolean(),
  /** Every structured reply matched its JSON Schema. */
  valid: z.boolean(),
  expected: z.string(),
  got: z.string(),
  error: z.string().optional(),
});
export type ReadinessItem = z.infer<typeof ReadinessItem>;

export const ReadinessTagScore = z.object({ tag: z.string(), correct: z.number().int(), total: z.number().int() });

export const ReadinessFamilyScore = z.object({
  family: ReadinessFamily,
  role: ReadinessRole,
  correct: z.number().int(),
  total: z.number().int(),
  /** Tasks whose every structured reply matched its schema. */
  valid: z.number().int(),
  errors: z.number().int(),
  by_tag: z.array(ReadinessTagScore),
});
export type ReadinessFamilyScore = z.infer<typeof ReadinessFamilyScore>;

/** What each family shows a model's fitness for: the words of a verdict. */
export const FAMILY_NOUN: Record<ReadinessFamily, string> = {
  routing: 'router',
  extraction: 'extractor',
  judging: 'judge',
  caller: 'caller',
};

/** One verdict per family (the agent role has two: router and extractor). */
export const ReadinessVerdict = z.object({
  family: ReadinessFamily,
  role: ReadinessRole,
  /** fit: >= 80% right and >= 95% valid output; weak: >= 60% right; unfit: below. */
  fit: z.enum(['fit', 'weak', 'unfit']),
  correct: z.number().int(),
  total: z.number().int(),
  /** Tags at least 20 points below the family's accuracy (e.g. "negated"). */
  weak_on: z.array(z.string()),
  text: z.string(),
});
export type ReadinessVerdict = z.infer<typeof ReadinessVerdict>;

export const ReadinessSpeed = z.object({
  calls: z.number().int(),
  completion_tokens: z.number().int(),
  /** Completion tokens per second of generation time (the provider's eval time where it reports one, else wall time). */
  tokens_per_s: z.number().nullable(),
  /** Median time to the first streamed chunk, where the provider streams. */
  first_token_ms: z.number().nullable(),
  /** Median wall time of one call. */
  call_ms: z.number().nullable(),
});
export type ReadinessSpeed = z.infer<typeof ReadinessSpeed>;

export const ReadinessReport = z.object({
  id: z.string(),
  /** The spec as typed (provider:model). */
  model: z.string(),
  spec: ModelSpec,
  identity: ModelIdentity.optional(),
  roles: z.array(ReadinessRole),
  /** The version of the built-in task set (its files' sha256, first 12 hex). */
  tasks_version: z.string(),
  families: z.array(ReadinessFamilyScore),
  verdicts: z.array(ReadinessVerdict),
  speed: ReadinessSpeed,
  items: z.array(ReadinessItem),
  cancelled: z.boolean().default(false),
  ms: z.number(),
  created_at: z.string(),
});
export type ReadinessReport = z.infer<typeof ReadinessReport>;
