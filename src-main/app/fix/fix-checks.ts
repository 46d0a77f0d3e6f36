/**
 * The checks a fix's input passes before anything is stored or any job starts (a refusal is an error
 * that names the input and changes nothing): the run, the targets, the repeats, the judge model that
 * must load, the run's models that must answer, and whether a version may still become the latest.
 */
import type { z } from 'zod';
import {
  FixRepeats,
  type AgentGraph,
  type FixSession,
  type FixSubject,
  type ModelSpec,
  type Run,
} from '../../../src-shared/schemas/index.js';
import type { AgentVersion, Store } from '../../store/index.js';
import { invalid } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { notStarted } from '../models/preflight.js';
import { finishedRun, resolveAgentVersion } from '../refs/resolve.js';
import type { RunService } from '../runs/runs.js';
import { storedModelDefault, storedRunModels, storedRunSpeech, type StoredSpecUse } from '../runs/stored-specs.js';
import { fixTargets, storedSuiteElseCopy, type FixTargets } from './targets.js';
import { accepted } from './verdicts.js';

export const DEFAULT_FIX_REPEATS = 3;

/** A value through its schema, or an invalid-input error at `path` with the schema's message. */
export function parsed<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw invalid(issue.message, [path, ...issue.path.map(String)].filter(Boolean).join('.'));
}

/** The model that diagnoses: the one asked for, else the run's judge, else its agent model. */
export function judgeOf(store: Store, run: Run, judge?: ModelSpec): ModelSpec {
  // a run copied from another database: its author's specs are checked before they are used for you
  const spec =
    judge ??
    storedModelDefault(store, run, run.models.judge?.spec, 'judge', 'judge') ??
    storedModelDefault(
      store,
      run,
      run.models.agent?.spec,
      'agent model',
      'judge',
      'choose the model that diagnoses yourself',
    );
  if (!spec) throw invalid(`run ${run.id} has no judge model recorded: choose the model that diagnoses`, 'judge');
  return spec;
}

/** The run's agent version (the version a diagnosis reads). */
export function runVersion(store: Store, run: Run): AgentVersion {
  const version = store.agents.getVersion(run.agent_version_id);
  if (!version) throw invalid(`run ${run.id}'s agent version ${run.agent_version_id} no longer exists`, 'run_id');
  return version;
}

export interface CheckedFix {
  run: Run;
  version: AgentVersion;
  targets: FixTargets;
  repeats: number;
  judge: ModelSpec;
}

export interface FixRequest {
  run_id: string;
  subject: FixSubject;
  /** The model that diagnoses and proposes (default: the run's judge model, else its agent model). */
  judge?: ModelSpec;
  /** Conversations per failing test in each re-run (default 3). */
  repeats?: number;
}

/** Everything a new fix needs, checked: a finished simulated run, its failing targets, the repeats, a judge that loads. */
export async function checkFixRequest(store: Store, models: ModelService, req: FixRequest): Promise<CheckedFix> {
  const run = finishedRun(store, req.run_id, 'fix it');
  if (run.kind !== 'simulated')
    throw invalid(
      `run ${run.id} is ${run.kind === 'imported' ? 'a set of imported calls' : 'a replay'}: a fix re-runs simulated tests; fix from a simulated run`,
      'run_id',
    );
  const repeats = parsed(FixRepeats, req.repeats ?? DEFAULT_FIX_REPEATS, 'repeats');
  const targets = fixTargets(store, run, req.subject, { rerun: true });
  const version = runVersion(store, run);
  const judge = judgeOf(store, run, req.judge);
  await models.load('judge', judge, { path: 'judge' });
  return { run, version, targets, repeats, judge };
}

/**
 * A fix takes no models or speech engines for its re-runs: they are the run's own. A copied run's
 * stored spec this machine does not allow is refused at the run, saying what the user can do.
 */
const RERUN_USE: StoredSpecUse = {
  path: 'run_id',
  choose:
    "a fix re-runs the tests with the run's own models and speech engines: run the suite again with your own and fix that run",
};

/** The models and speech options of a fix's re-runs: the starting run's, a copied run's checked (stored-specs.ts). */
export function rerunSpecs(store: Store, run: Run) {
  const { agent, caller, judge } = storedRunModels(store, run, RERUN_USE);
  if (!agent) throw invalid(`run ${run.id} has no agent model recorded`, 'run_id');
  return { models: { agent, caller, judge }, speech: storedRunSpeech(store, run, RERUN_USE) };
}

/**
 * The run's models answer (the pre-run check) and its speech engines may be used, before a job
 * re-runs anything; the check's id goes with the re-runs. The check is made with the graph the
 * re-runs run (`graph`) and the run's suite, so a prompt longer than a model's context is refused
 * here; a re-run of another graph (a version the job itself makes) has its context compared again
 * when it starts (app/preflight.ts).
 */
export async function checkRerunModels(store: Store, runs: RunService, run: Run, graph: AgentGraph): Promise<string> {
  const { agent, caller, judge } = rerunSpecs(store, run).models;
  const suite = storedSuiteElseCopy(store, run)?.suite.data;
  const { id, problems } = await runs.preflight([{ agent, caller, judge }], graph, suite);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) throw notStarted(errors);
  return id;
}

/** The version a fix's next re-runs run: an applied attempt not tested yet, else the last accepted version, else the starting one. */
export function nextRerunVersion(fix: FixSession): string {
  const last = fix.iterations.at(-1);
  if (last?.version_id && last.outcome === null) return last.version_id;
  return fix.iterations.filter((i) => accepted(i.outcome) && i.version_id).at(-1)?.version_id ?? fix.start_version_id;
}

/** Why a version of this fix may not become the latest: the agent got a version of its own since the fix started. */
export function newerVersion(store: Store, fix: FixSession): string | null {
  const made = new Set(fix.iterations.map((i) => i.version_id).filter(Boolean));
  const latest = resolveAgentVersion(store, fix.agent_id).version;
  if (latest.id === fix.start_version_id || made.has(latest.id)) return null;
  return `agent ${fix.agent_name} has a newer version (v${latest.version}) saved after this fix started: open the agent to combine them`;
}
