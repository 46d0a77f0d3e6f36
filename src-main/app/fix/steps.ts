/**
 * The steps of one fix iteration, each written to the store as it ends: diagnose the failing
 * conversations (one call per failed result, or per failure group), propose edits (one call), apply
 * them as a new candidate agent version (after the graph check), re-run the failing tests on it with
 * `repeats` conversations each, then the rest of the suite, and judge. A step that finds its run
 * already started (a crash) completes that run instead of starting another.
 */
import type {
  AgentGraph,
  FixEdit,
  FixIteration,
  PassCount,
  Result,
  TestCase,
} from '../../../src-shared/schemas/index.js';
import { proposeFix, applyEdits, editLabel, type Attempt } from '../../diagnosis/index.js';
import { diagnoseConversations } from './diagnose-conversations.js';
import { validateGraph } from '../../formats/index.js';
import { ProviderError, type ChatModel } from '../../providers/index.js';
import { contentHash, type AgentVersion, type Store } from '../../store/index.js';
import { AppError, unavailable } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { specLabel } from '../analysis/problems/run-problems.js';
import type { Reruns } from './reruns.js';
import type { FixRecord } from './session.js';
import { storedSuiteElseCopy } from './targets.js';
import {
  accepted,
  addCounts,
  iterationOutcome,
  ofTest,
  passCount,
  skippedCheck,
  suiteCheck,
  targetVerdict,
} from './verdicts.js';

export type FixStepName = 'diagnose' | 'propose' | 'apply' | 'baseline' | 'target_run' | 'suite_run' | 'holdout';

export interface StepContext {
  store: Store;
  models: ModelService;
  reruns: Reruns;
  signal: AbortSignal;
  /** A step starts (job progress, the CLI's lines). */
  onStep(fixId: string, n: number, step: FixStepName): void;
  /** A conversation of a re-run finished. */
  onConversation?(): void;
}

export interface GraphIssue {
  path: string;
  message: string;
}

/** The edits applied to a version's graph and the graph check's errors (nothing is stored here). */
export function prepareEdits(
  base: AgentVersion,
  edits: FixEdit[],
): { graph: AgentGraph; edits: FixEdit[]; issues: GraphIssue[] } {
  const applied = applyEdits(base.graph, edits);
  const issues: GraphIssue[] = [...applied.problems];
  if (!issues.length && !applied.edits.length) issues.push({ path: 'edits', message: 'there are no edits to apply' });
  if (!issues.length && contentHash(applied.graph) === contentHash(base.graph))
    issues.push({ path: 'edits', message: `the edits change nothing in version ${base.version}` });
  if (!issues.length)
    for (const e of validateGraph(applied.graph).errors) issues.push({ path: e.path, message: e.message });
  return { graph: applied.graph, edits: applied.edits, issues };
}

const failed = (r: Result) => r.status === 'fail' || r.status === 'error';
const callsOf = (results: Result[]) => results.reduce((n, r) => n + r.model_calls.length, 0);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export class FixSteps {
  private judge?: Promise<ChatModel>;

  constructor(
    private readonly ctx: StepContext,
    readonly rec: FixRecord,
  ) {}

  private get fix() {
    return this.rec.fix;
  }

  version(id: string): AgentVersion {
    const v = this.ctx.store.agents.getVersion(id);
    if (!v) throw new AppError({ code: 'not_found', message: `agent version ${id} no longer exists` });
    return v;
  }

  private judgeModel(): Promise<ChatModel> {
    this.judge ??= this.ctx.models.load('judge', this.fix.judge, { signal: this.ctx.signal, path: 'judge' });
    return this.judge;
  }

  private modelFailed(what: string, e: unknown): never {
    if (e instanceof ProviderError)
      throw unavailable(`${what} failed: judge model ${specLabel(this.fix.judge)}: ${e.message}`, 'judge');
    throw e;
  }

  resultById(id: string): Result | undefined {
    return this.ctx.store.results.get(id);
  }

  /** The version the next iteration edits: the last accepted one, or the starting version. */
  currentBase(): string {
    return (
      this.fix.iterations.filter((i) => accepted(i.outcome) && i.version_id).at(-1)?.version_id ??
      this.fix.start_version_id
    );
  }

  /** The failing conversations an iteration on `base` reads: the starting run's, or the accepted re-run's. */
  evidence(base: string): { results: Result[]; failed: Map<string, number> } {
    const store = this.ctx.store;
    if (base === this.fix.start_version_id) {
      const results = this.fix.evidence_result_ids.map((id) => store.results.get(id)).filter((r): r is Result => !!r);
      const all = store.results.listByRun(this.fix.run_id);
      return { results, failed: new Map(this.fix.tests.map((t) => [t, ofTest(all, t).filter(failed).length])) };
    }
    const source = this.fix.iterations.filter((i) => i.version_id === base && i.target_run_id).at(-1);
    const all = source?.target_run_id ? store.results.listByRun(source.target_run_id) : [];
    const results = this.fix.tests.flatMap((t) => all.filter((r) => r.test === t && failed(r)).slice(0, 1));
    return { results, failed: new Map(this.fix.tests.map((t) => [t, ofTest(all, t).filter(failed).length])) };
  }

  private cases(): Map<string, TestCase> {
    const found = storedSuiteElseCopy(this.ctx.store, this.ctx.store.runs.require(this.fix.run_id));
    const holdout = new Set(this.fix.holdout_tests);
    return new Map((found?.suite.data.tests ?? []).filter((t) => !holdout.has(t.name)).map((t) => [t.name, t]));
  }

  /** One call per failing conversation (one for a failure group on the starting version). */
  async diagnose(it: FixIteration): Promise<FixIteration> {
    this.ctx.onStep(this.fix.id, it.n, 'diagnose');
    const base = this.version(it.base_version_id);
    const { results, failed: counts } = this.evidence(base.id);
    const run = this.ctx.store.runs.require(this.fix.run_id);
    const onStart = base.id === this.fix.start_version_id && this.fix.subject.group !== undefined;
    const group = onStart ? run.problems?.groups[this.fix.subject.group! - 1] : undefined;
    try {
      const diagnoses = await diagnoseConversations(await this.judgeModel(), specLabel(this.fix.judge), {
        version: base,
        results,
        cases: this.cases(),
        failed: counts,
        group,
        signal: this.ctx.signal,
      });
      return this.rec.update(it.n, { diagnoses });
    } catch (e) {
      this.modelFailed('diagnosing', e);
    }
  }

  /** Earlier tested attempts on the same base, with how the failing tests did. */
  attempts(base: string, before: number): Attempt[] {
    return this.fix.iterations
      .filter(
        (i) =>
          i.n < before &&
          i.base_version_id === base &&
          i.outcome &&
          !accepted(i.outcome) &&
          (i.applied ?? i.proposal?.edits)?.length,
      )
      .map((i) => ({ edits: i.applied ?? i.proposal!.edits, outcome: this.outcomeText(i) }));
  }

  private outcomeText(i: FixIteration): string {
    if (i.invalid) return `the graph check refused it: ${i.invalid[0]?.message ?? 'invalid graph'}`;
    const runResults = i.target_run_id ? this.ctx.store.results.listByRun(i.target_run_id) : [];
    const why = runResults
      .filter(failed)
      .flatMap((r) => r.metrics.filter((m) => !m.passed).map((m) => m.reasoning))
      .find(Boolean);
    const tests = i.targets.map((t) => `${JSON.stringify(t.test)} passed ${t.after.k} of ${t.after.n}`).join(', ');
    const broke = i.suite?.regressions.length
      ? `; it broke ${i.suite.regressions.map((t) => JSON.stringify(t)).join(', ')}`
      : '';
    return `${tests || 'not tested'}${why ? `; judge: ${clip(why, 200)}` : ''}${broke}`;
  }

  /** One call: the edits that should make the diagnosed failures pass. */
  async propose(it: FixIteration): Promise<FixIteration> {
    this.ctx.onStep(this.fix.id, it.n, 'propose');
    const base = this.version(it.base_version_id);
    const ids = new Set(it.diagnoses.flatMap((d) => d.subject.result_ids));
    const results = [...ids].map((id) => this.ctx.store.results.get(id)).filter((r): r is Result => !!r);
    const model = await this.judgeModel();
    try {
      const proposal = await proposeFix(model, specLabel(this.fix.judge), {
        graph: base.graph,
        diagnoses: it.diagnoses,
        results,
        attempts: this.attempts(base.id, it.n),
        signal: this.ctx.signal,
      });
      return this.rec.update(it.n, { proposal });
    } catch (e) {
      this.modelFailed('proposing a fix', e);
    }
  }

  /** The version note: the failing test(s) and the diagnosis. */
  private note(it: FixIteration, edits: FixEdit[]): string {
    const tests = this.fix.tests.map((t) => JSON.stringify(t)).join(', ');
    const cause = it.diagnoses.map((d) => d.root_cause).find(Boolean);
    return clip(
      `Fix ${this.fix.id}, attempt ${it.n}, for failing ${this.fix.tests.length > 1 ? 'tests' : 'test'} ${tests} of run ${this.fix.run_id}${cause ? `: ${cause}` : ''} (${edits.map((e) => editLabel(e)).join('; ')})`,
      600,
    );
  }

  /** Applies the edits as a new candidate version, or records why the graph check refused them. */
  apply(it: FixIteration, edits: FixEdit[]): FixIteration {
    this.ctx.onStep(this.fix.id, it.n, 'apply');
    const p = prepareEdits(this.version(it.base_version_id), edits);
    if (p.issues.length)
      return this.rec.update(it.n, {
        applied: edits,
        invalid: p.issues,
        outcome: 'invalid',
        finished_at: new Date().toISOString(),
      });
    const v = this.ctx.store.agents.addCandidateVersion(
      this.fix.agent_id,
      p.graph,
      this.note(it, p.edits),
      it.base_version_id,
    );
    return this.rec.update(it.n, { applied: p.edits, version_id: v.id, version: v.version });
  }

  private async rerun(
    versionId: string,
    tests: string[],
    repeats: number | undefined,
    existing: string | null | undefined,
    onRunId: (id: string) => void,
  ): Promise<Result[]> {
    const { reruns, signal, onConversation } = this.ctx;
    if (existing) return (await reruns.complete(existing, signal, onConversation)).results;
    const start = this.ctx.store.runs.require(this.fix.run_id);
    const found = storedSuiteElseCopy(this.ctx.store, start);
    if (!found) throw unavailable(`run ${start.id}'s suite is gone: there is nothing to re-run`);
    const out = await reruns.run({
      agentId: this.fix.agent_id,
      versionId,
      suite: found.suite,
      start,
      tests,
      repeats,
      signal,
      onRunId,
      onConversation,
    });
    return out.results;
  }

  /** The failing tests on the starting version: the starting run's conversations, plus a re-run up to `repeats`. */
  async baseline(it: FixIteration): Promise<Map<string, PassCount>> {
    const counts = () => new Map(this.fix.baseline!.counts.map((c) => [c.test, { k: c.k, n: c.n }]));
    if (this.fix.baseline?.counts.length) return counts();
    const start = this.ctx.store.results.listByRun(this.fix.run_id);
    const need = this.fix.tests.filter((t) => passCount(ofTest(start, t)).n < this.fix.repeats);
    let extra: Result[] = [];
    if (need.length || this.fix.baseline?.run_id) {
      this.ctx.onStep(this.fix.id, it.n, 'baseline');
      extra = await this.rerun(this.fix.start_version_id, need, this.fix.repeats, this.fix.baseline?.run_id, (id) =>
        this.rec.set({ baseline: { run_id: id, counts: [] } }),
      );
      this.rec.update(it.n, { conversation_calls: this.rec.last!.conversation_calls + callsOf(extra) });
    }
    this.rec.set({
      baseline: {
        run_id: this.fix.baseline?.run_id ?? null,
        counts: this.fix.tests.map((t) => ({
          test: t,
          ...addCounts(passCount(ofTest(start, t)), passCount(ofTest(extra, t))),
        })),
      },
    });
    return counts();
  }

  /** Re-runs the failing tests on the candidate, then the rest of the suite, and judges the iteration. */
  async test(n: number): Promise<FixIteration> {
    let it = this.fix.iterations.find((i) => i.n === n)!;
    const before = await this.baseline(it);
    it = this.fix.iterations.find((i) => i.n === n)!;
    this.ctx.onStep(this.fix.id, n, 'target_run');
    const after = await this.rerun(it.version_id!, this.fix.tests, this.fix.repeats, it.target_run_id, (id) =>
      this.rec.update(n, { target_run_id: id }),
    );
    const targets = this.fix.tests.map((t) =>
      targetVerdict(t, before.get(t) ?? { k: 0, n: 0 }, passCount(ofTest(after, t))),
    );
    it = this.rec.update(n, { targets, conversation_calls: it.conversation_calls + callsOf(after) });
    const suite = await this.suiteCheck(it);
    return this.rec.update(n, {
      suite,
      outcome: iterationOutcome(targets, suite),
      finished_at: new Date().toISOString(),
    });
  }

  /** The rest of the suite (not the failing tests, not the holdout tests) on the candidate, against the starting run. */
  private async suiteCheck(it: FixIteration) {
    const start = this.ctx.store.runs.require(this.fix.run_id);
    const suite = storedSuiteElseCopy(this.ctx.store, start)?.suite.data;
    const skip = new Set([...this.fix.tests, ...this.fix.holdout_tests]);
    const others = [...new Set((suite?.tests ?? []).map((t) => t.name).filter((t) => !skip.has(t)))];
    if (!others.length) return skippedCheck('the suite has no other tests (holdout tests run at the end)');
    if (!it.targets.some((t) => t.change === 'improved' || t.change === 'better') && !it.suite?.run_id)
      return skippedCheck('the failing tests did not improve, so the rest of the suite was not run');
    // stored before the step is reported: a page that reads the fix on the job's progress shows the check running
    if (!it.suite) this.rec.update(it.n, { suite: { run_id: null, skipped: null, tests: [], regressions: [] } });
    this.ctx.onStep(this.fix.id, it.n, 'suite_run');
    let runId = it.suite?.run_id ?? null;
    const after = await this.rerun(it.version_id!, others, undefined, runId, (id) => {
      runId = id;
      this.rec.update(it.n, { suite: { run_id: id, skipped: null, tests: [], regressions: [] } });
    });
    this.rec.update(it.n, { conversation_calls: this.rec.last!.conversation_calls + callsOf(after) });
    return suiteCheck(runId!, this.ctx.store.results.listByRun(start.id), after, suite?.min_pass_rate ?? 1);
  }

  /** The holdout tests on a version, against the starting run (run once, at the end). */
  async holdout(versionId: string): Promise<void> {
    if (!this.fix.holdout_tests.length) return;
    const n = this.rec.last?.n ?? 0;
    this.ctx.onStep(this.fix.id, n, 'holdout');
    const pending = this.fix.holdout?.version_id === versionId ? this.fix.holdout.run_id : null;
    // marked before the run starts: a crash from here on is resumed by running the holdout tests
    this.rec.set({ holdout: { run_id: pending, version_id: versionId, tests: [], regressions: [] } });
    let runId = pending;
    const after = await this.rerun(versionId, this.fix.holdout_tests, undefined, pending, (id) => {
      runId = id;
      this.rec.set({ holdout: { run_id: id, version_id: versionId, tests: [], regressions: [] } });
    });
    const check = suiteCheck(runId!, this.ctx.store.results.listByRun(this.fix.run_id), after);
    this.rec.set({
      holdout: { run_id: runId, version_id: versionId, tests: check.tests, regressions: check.regressions },
    });
  }
}
