import type { Store } from '../../store/index.js';
import { newId } from '../../store/ids.js';
import { conflict } from '../errors.js';

/** What a claim is about: one fix or one run is worked on by one job at a time, in every process. */
export type ClaimKind = 'fix' | 'run';

const subjectOf = (kind: ClaimKind, id: string) => `${kind}:${id}`;

const alreadyRunning = (kind: ClaimKind, id: string, jobId: string) =>
  conflict(`${kind} ${id} is already running (job ${jobId}): wait for it or cancel it`);

/** Refuses at once when a live job (this process or another) holds the claim on `kind id`. */
export function refuseClaimed(store: Store, kind: ClaimKind, id: string): void {
  const holder = store.claims.liveHolder(subjectOf(kind, id));
  if (holder) throw alreadyRunning(kind, id, holder);
}

/**
 * Takes the claim on `kind id` for a new job and starts it with `start(jobId)`: the check and the take are
 * one write transaction in the store (job-claims.ts), so of two starts at once, in one process or two,
 * exactly one runs; the other is refused "<kind> <id> is already running (job ...)". `check` runs inside
 * that transaction (it re-reads what the start decided from and throws when it changed). A start that
 * throws gives the claim back.
 */
type ClaimRequest = { kind: ClaimKind; id: string; check?: () => void; force?: boolean };

/** Takes the claim on `kind id` for a new job id (one write transaction, job-claims.ts); refuses when a live job holds it. */
function takeClaim(store: Store, what: ClaimRequest): string {
  const jobId = newId('job');
  const out = store.claims.take(subjectOf(what.kind, what.id), jobId, { check: what.check, force: what.force });
  if (!out.taken) throw alreadyRunning(what.kind, what.id, out.heldBy);
  return jobId;
}

/**
 * Takes the claim on `kind id` for a new job and starts it with `start(jobId)`: the check and the take are
 * one write transaction in the store, so of two starts at once, in one process or two, exactly one runs;
 * the other is refused "<kind> <id> is already running (job ...)". `check` runs inside that transaction
 * (it re-reads what the start decided from and throws when it changed). A start that throws gives the
 * claim back.
 */
export function startClaimed<T>(store: Store, what: ClaimRequest, start: (jobId: string) => T): T {
  const jobId = takeClaim(store, what);
  try {
    return start(jobId);
  } catch (e) {
    store.claims.release(jobId);
    throw e;
  }
}

/** `startClaimed` for a start that awaits (loads models) before its job exists. */
export async function startClaimedAsync<T>(
  store: Store,
  what: ClaimRequest,
  start: (jobId: string) => Promise<T>,
): Promise<T> {
  const jobId = takeClaim(store, what);
  try {
    return await start(jobId);
  } catch (e) {
    store.claims.release(jobId);
    throw e;
  }
}
