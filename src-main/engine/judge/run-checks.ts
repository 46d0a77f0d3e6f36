import type { CheckResult, CheckpointExpect, TestCase } from '../../../src-shared/schemas/index.js';
import { CHECK_KINDS } from '../../../src-shared/checks/check-kinds.js';
import { CHECK_DEFINITIONS, type CheckContext, type TranscriptCheckContext } from './check-kinds.js';

/**
 * The deterministic checks run through the one table (check-kinds.ts), in the shared list's order: a
 * conversation test's, a checkpoint step's, and audio evaluation's re-check on what was heard.
 */

export interface Checks {
  rules: CheckResult[];
  assertions: CheckResult[];
}

const ordered = CHECK_KINDS.map((k) => ({ list: k.list, def: CHECK_DEFINITIONS[k.id] }));

async function runAll(ctx: CheckContext, specOf: (d: (typeof ordered)[number]['def']) => unknown): Promise<Checks> {
  const out: Checks = { rules: [], assertions: [] };
  for (const { list, def } of ordered) {
    const spec = specOf(def);
    if (spec !== undefined) out[list].push(...(await def.check(ctx, spec)));
  }
  return out;
}

/** A conversation test's rules and assertions. */
export const checkConversation = (ctx: CheckContext, test: TestCase): Promise<Checks> =>
  runAll(ctx, (d) => d.read?.(test));

/** A checkpoint step's rules and assertions, read off its `expect` (ctx: the step's own turns and tool calls). */
export const checkCheckpointStep = (ctx: CheckContext, expect: CheckpointExpect): Promise<Checks> =>
  runAll(ctx, (d) => d.readCheckpoint?.(expect));

/**
 * Audio evaluation: every kind over the spoken words checked again on the heard transcript, with what the
 * result was judged with (its stored checks of that kind).
 */
export async function recheckHeard(ctx: TranscriptCheckContext, stored: CheckResult[]): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  for (const { def } of ordered) {
    if (!def.reheard) continue;
    const spec = def.reheard.fromStored(stored.filter((c) => c.kind === def.id));
    out.push(...(await def.reheard.check(ctx, spec)));
  }
  return out;
}
