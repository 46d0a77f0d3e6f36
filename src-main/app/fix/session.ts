/**
 * A fix as it is stored (store/repos/fixes.ts): created from a run and its targets, and saved after
 * every step, so the last finished step survives a crash. `FixRecord` keeps the stored copy and
 * writes it back; steps change it only through these calls.
 */
import type { FixIteration, FixSession, FixSubject, ModelSpec, Run } from '../../../src-shared/schemas/index.js';
import type { AgentVersion, Store } from '../../store/index.js';
import { newId } from '../../store/ids.js';
import type { FixTargets } from './targets.js';

export interface NewFix {
  run: Run;
  version: AgentVersion;
  subject: FixSubject;
  targets: FixTargets;
  repeats: number;
  judge: ModelSpec;
  auto: FixSession['auto'];
  now?: Date;
}

export function newFixSession(f: NewFix): FixSession {
  const now = (f.now ?? new Date()).toISOString();
  return {
    id: newId('fix'),
    run_id: f.run.id,
    agent_id: f.run.agent_id,
    agent_name: f.run.agent_name,
    start_version_id: f.version.id,
    start_version: f.version.version,
    suite_id: f.targets.suite.id,
    suite_source: f.targets.suiteSource,
    subject: f.subject,
    tests: f.targets.tests,
    evidence_result_ids: f.targets.evidence.map((r) => r.id),
    holdout_tests: f.targets.holdout,
    repeats: f.repeats,
    judge: f.judge,
    auto: f.auto,
    status: 'open',
    baseline: null,
    iterations: [],
    stop: null,
    final_version_id: null,
    kept_version_id: null,
    holdout: null,
    job_id: null,
    error: null,
    created_at: now,
    updated_at: now,
  };
}

/** The stored fix being worked on: every change is written at once. */
export class FixRecord {
  constructor(
    private readonly store: Store,
    public fix: FixSession,
  ) {}

  get id(): string {
    return this.fix.id;
  }

  /** Changes the fix's own state and writes it. */
  set(patch: Partial<Omit<FixSession, 'iterations' | 'id'>>): void {
    this.fix = { ...this.fix, ...patch, updated_at: new Date().toISOString() };
    this.store.fixes.update(this.fix);
  }

  /** The newest iteration. */
  get last(): FixIteration | undefined {
    return this.fix.iterations.at(-1);
  }

  /** Starts iteration n+1 on a base version and writes it. */
  begin(baseVersionId: string): FixIteration {
    const it: FixIteration = {
      n: (this.last?.n ?? 0) + 1,
      base_version_id: baseVersionId,
      diagnoses: [],
      proposal: null,
      applied: null,
      version_id: null,
      version: null,
      invalid: null,
      target_run_id: null,
      targets: [],
      suite: null,
      outcome: null,
      conversation_calls: 0,
      started_at: new Date().toISOString(),
      finished_at: null,
    };
    this.fix = { ...this.fix, iterations: [...this.fix.iterations, it] };
    this.store.fixes.putIteration(this.fix.id, it);
    return it;
  }

  /** Changes iteration `n` and writes it. */
  update(n: number, patch: Partial<FixIteration>): FixIteration {
    const it = { ...this.fix.iterations.find((x) => x.n === n)!, ...patch };
    this.fix = { ...this.fix, iterations: this.fix.iterations.map((x) => (x.n === n ? it : x)) };
    this.store.fixes.putIteration(this.fix.id, it);
    return it;
  }
}
