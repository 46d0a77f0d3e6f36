/**
 * Stops a run that cannot succeed: after `threshold` conversations in a row errored with the same
 * set-up failure (a rejected key, a refused connection, an unknown model) on the same endpoint, every
 * further conversation would fail the same way. The reason names the model, the endpoint, the failure
 * and what to do. A conversation that ended any other way resets the count for its endpoint.
 */
import type { ModelCall, Result } from '../../../src-shared/schemas/index.js';

export const BREAKER_KINDS = ['unauthorized', 'connection_refused', 'model_not_found'] as const;
export type BreakerKind = (typeof BREAKER_KINDS)[number];

const WHAT: Record<BreakerKind, { wrong: string; todo: string }> = {
  unauthorized: {
    wrong: 'the server rejected the credentials',
    todo: 'set a valid API key and resume the run',
  },
  connection_refused: {
    wrong: 'the connection was refused',
    todo: 'start the server (or correct its URL) and resume the run',
  },
  model_not_found: { wrong: 'the model was not found', todo: 'correct the model name or path and run again' },
};

export const DEFAULT_BREAKER_THRESHOLD = 3;

/** The set-up failure that errored a conversation: its last failed model call, when it is of a breaker kind. */
export function setupFailureOf(
  r: Pick<Result, 'status' | 'model_calls'>,
): { kind: BreakerKind; call: ModelCall } | undefined {
  if (r.status !== 'error') return undefined;
  const call = [...(r.model_calls ?? [])].reverse().find((c) => c.error_code);
  const kind = call?.error_code as BreakerKind | undefined;
  return call && kind && (BREAKER_KINDS as readonly string[]).includes(kind) ? { kind, call } : undefined;
}

export class CircuitBreaker {
  private streak: { key: string; count: number } | undefined;

  constructor(
    private readonly threshold = DEFAULT_BREAKER_THRESHOLD,
    private readonly describeModel: (role: ModelCall['role']) => string = (role) => `${role} model`,
  ) {}

  /** Records a finished conversation; returns why the run must stop, or undefined. */
  record(r: Pick<Result, 'status' | 'model_calls' | 'error'>): string | undefined {
    const f = setupFailureOf(r);
    if (!f) {
      if (r.status !== 'error') this.streak = undefined;
      return undefined;
    }
    const endpoint = f.call.endpoint ?? '';
    const key = `${f.kind}|${f.call.role}|${endpoint}`;
    this.streak = this.streak?.key === key ? { key, count: this.streak.count + 1 } : { key, count: 1 };
    if (this.streak.count < this.threshold) return undefined;
    const w = WHAT[f.kind];
    const where = endpoint && !(r.error ?? '').includes(endpoint) ? ` at ${endpoint}` : '';
    return `stopped after ${this.streak.count} conversations in a row failed the same way (${w.wrong}${where}): ${firstLine(r.error) || this.describeModel(f.call.role)}. What to do: ${w.todo}. Finished conversations are kept.`;
  }
}

const firstLine = (s: string | null | undefined) => (s ?? '').split('\n', 1)[0];
