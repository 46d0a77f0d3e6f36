import { makePlan } from '../../engine/run/run-plan.js';
import { invalid } from '../errors.js';
import type { ShardCandidate } from './shard-copies.js';

/**
 * A finished shard must hold every conversation of its slice: the plan of its suite snapshot and options
 * (engine/run/run-plan.ts) says which (test, repeat) pairs those are. A shard file that lost rows (edited,
 * cut short while copied) would otherwise merge into a smaller run whose pass rate looks complete.
 * Shards without a suite snapshot cannot be checked and are let through (older runs).
 */
export function checkShardComplete(c: ShardCandidate): void {
  if (!c.suite) return;
  const held = new Set(c.keys.map((k) => `${k.test_index}:${k.repeat}`));
  let plan;
  try {
    plan = makePlan(c.suite, c.run.options, held);
  } catch (e) {
    throw invalid(
      `${c.copy ? `${c.copy.file}: ` : ''}run ${c.run.id}: its suite snapshot does not match its options (${(e as Error).message})`,
      c.path,
    );
  }
  if (!plan.remaining) return;
  const missing = [...plan.items()].slice(0, 3).map((x) => `"${x.test.name}" repeat ${x.repeat + 1}`);
  const more = plan.remaining > missing.length ? ` and ${plan.remaining - missing.length} more` : '';
  const s = c.run.options.shard!;
  throw invalid(
    `${c.copy ? `${c.copy.file}: ` : ''}run ${c.run.id} (shard ${s.index}/${s.count}) holds ${plan.total - plan.remaining} of its ${plan.total} conversations: ${missing.join(', ')}${more} missing; resume it where it ran, then merge`,
    c.path,
  );
}
