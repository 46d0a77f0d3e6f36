import { z } from 'zod';

/**
 * The scripted model's file format (documented in docs/scripted-model.md). Every key other than
 * `name`, `rules` and `defaults` is a purpose (`chat`, `route`, `extract`, `tool_args`, `caller`,
 * `digit`, `judge`, `facts`, ...) holding the replies for that purpose, consumed in order per session.
 */

const Matcher = z.string().min(1);

export const ScriptRule = z.object({
  /** Purpose this rule answers (default: any purpose). */
  purpose: z.string().optional(),
  /** Every given matcher must match: substring (case-insensitive) or `/regex/flags`. */
  when: z
    .object({
      last: Matcher.optional(),
      system: Matcher.optional(),
      any: Matcher.optional(),
      /** The call's seed (its own, else the model's params.seed) equals this (re-judging with seeds 1..k). */
      seed: z.number().int().optional(),
    })
    .default({}),
  reply: z.unknown(),
  /** How many times the rule may fire in one session (default unlimited). */
  times: z.number().int().min(1).optional(),
});
export type ScriptRule = z.infer<typeof ScriptRule>;

export const ScriptDefaults = z
  .object({
    /** Chat reply when the `chat` list runs out (default "OK."). */
    chat: z.string().optional(),
    /** Caller message when the `caller` list runs out (default "Okay."). */
    caller: z.string().optional(),
    /** The default caller says done after this many caller turns in a session (default 3). */
    caller_turns: z.number().int().min(0).optional(),
    /** Default judge score (default 1). */
    score: z.number().min(0).max(1).optional(),
    /** Default route answer (default "none"). */
    route: z.string().optional(),
    /** Delay every call by this many ms (default 0). */
    delay_ms: z.number().min(0).optional(),
    /** A declared context in tokens (words): a call whose prompt words + reply words exceed it fails with context_overflow. */
    context_tokens: z.number().int().min(1).optional(),
  })
  .default({});
export type ScriptDefaults = z.infer<typeof ScriptDefaults>;

const RESERVED = new Set(['name', 'rules', 'defaults', '$schema']);

export const Script = z
  .object({
    name: z.string().optional(),
    rules: z.array(ScriptRule).default([]),
    defaults: ScriptDefaults,
  })
  .catchall(z.array(z.unknown()));

export interface ParsedScript {
  name?: string;
  rules: ScriptRule[];
  defaults: ScriptDefaults;
  lists: Record<string, unknown[]>;
}

/** What a script file (or an in-memory script) may hold: `name`, `rules`, `defaults`, and per-purpose lists. */
export interface ScriptInput {
  name?: string;
  rules?: z.input<typeof ScriptRule>[];
  defaults?: z.input<typeof ScriptDefaults>;
  [purpose: string]: unknown;
}

/** Validates a script; the error names the JSON path that is wrong. */
export function parseScript(input: unknown, where = 'script'): ParsedScript {
  const r = Script.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    throw new Error(`${where}: ${path || '(top level)'}: ${issue.message}`);
  }
  const lists: Record<string, unknown[]> = {};
  for (const [k, v] of Object.entries(r.data)) if (!RESERVED.has(k) && Array.isArray(v)) lists[k] = v;
  return { name: r.data.name, rules: r.data.rules, defaults: r.data.defaults, lists };
}
