import { z } from 'zod';
import {
  JudgementsReport,
  ModelSpec,
  Result,
  Run,
  RunOptionsInput,
  RunStatus,
  TestSuite,
  TranscriptTurn,
} from '../schemas/index.js';
import { method } from './define.js';
import { JobStarted } from './jobs.js';
import { RunShowReport } from './run-report-shape.js';
import { PinnedTest } from './pinned-test-shape.js';

/** A method that starts a run answers with the run and the job that writes it (jobs.get, `job.progress`). */
const RunStarted = JobStarted.extend({ run_id: z.string() });

export * from './compare-shapes.js';
export * from './run-report-shape.js';

/** What the run manager knows about a run right now (a page opened mid-run catches up from it). */
export const LiveRun = z.object({
  /** true while this process is running it. */
  active: z.boolean(),
  /** Conversations planned (tests x repeats); null when the suite snapshot is missing. */
  total: z.number().int().nullable(),
  running: z.array(
    z.object({
      test: z.string(),
      test_index: z.number().int(),
      repeat: z.number().int(),
      /** Finished turns so far. */
      transcript: z.array(TranscriptTurn),
      /** The turn being spoken (streamed tokens so far). */
      partial: z.object({ role: z.enum(['agent', 'caller']), text: z.string() }).nullable(),
    }),
  ),
});
export type LiveRun = z.infer<typeof LiveRun>;

export const ResultRow = z.object({
  id: z.string(),
  test: z.string(),
  test_index: z.number().int(),
  repeat: z.number().int(),
  status: z.string(),
  end_reason: z.string(),
  turns: z.number().int(),
  duration_ms: z.number(),
});

export const StartRunInput = z
  .object({
    agent_id: z.string().min(1),
    /** Latest version when absent. */
    agent_version_id: z.string().optional(),
    /** The stored suite to run; or, instead, `suite_from_run`. */
    suite_id: z.string().min(1).optional(),
    /** Run the copy of the suite kept with this run ("Run again" of a run started from a tests file). */
    suite_from_run: z.string().min(1).optional(),
    models: z.object({ agent: ModelSpec, caller: ModelSpec.optional(), judge: ModelSpec.optional() }),
    /** Capped (src-shared/limits.ts): refused with the option's path before anything is planned. */
    options: RunOptionsInput.partial().default({}),
    /** The run this one is started from ("Run again", "Run on another model"): recorded, and compare's baseline A. */
    source_run_id: z.string().min(1).optional(),
    /** The id of the pre-run check the dialog made (models.preflight): not made again when it passed. */
    preflight_id: z.string().optional(),
  })
  .refine((v) => !!v.suite_id !== !!v.suite_from_run, {
    message: 'give either suite_id (a stored suite) or suite_from_run (the suite copy of a run), not both',
    path: ['suite_id'],
  });

export const runMethods = {
  'runs.list': method(
    'Runs, newest first, with filters',
    z
      .object({
        agent_id: z.string().optional(),
        /** An agent by id or unique name (the CLI's --agent), instead of agent_id. */
        agent: z.string().min(1).optional(),
        status: RunStatus.optional(),
        model: z.string().optional(),
        suite_id: z.string().optional(),
        since: z.string().optional(),
        until: z.string().optional(),
        limit: z.number().int().min(1).max(1000).default(100),
        offset: z.number().int().min(0).default(0),
      })
      .default({ limit: 100, offset: 0 }),
    z.array(Run),
  ),
  'runs.get': method(
    'A run and its result rows',
    z.object({ id: z.string().min(1) }),
    z.object({ run: Run, results: z.array(ResultRow) }),
  ),
  'runs.report': method(
    "The report of a run as `parley runs show --json` prints it: every stored fact, the readiness verdict of each role's model, and its re-judgements and human agreement where stored",
    z.object({ id: z.string().min(1) }),
    RunShowReport,
  ),
  'runs.result': method('One full result (transcript, metrics, path)', z.object({ id: z.string().min(1) }), Result),
  'runs.results': method('All full results of a run', z.object({ id: z.string().min(1) }), z.array(Result)),
  'runs.pin': method(
    'A stored agent turn as a checkpoint test (issue 34: "Make a test from this turn"); with suite_id, also added to that stored suite',
    z.object({
      run_id: z.string().min(1),
      result_id: z.string().min(1),
      /** The agent turn, numbered from 1 as on screen (a turn under 1 is refused by the app, naming the field). */
      turn: z.number().int(),
      suite_id: z.string().min(1).optional(),
    }),
    z.object({
      /** The test as pinned (only what it sets, as `parley pin` prints it), checked to be a valid test. */
      test: PinnedTest,
      /** What could not be taken as it was at that moment (variables kept only at the end of a call...). */
      notes: z.array(z.string()),
      /** Where it was added (with suite_id): the suite and the test's name there. */
      added: z.object({ suite_id: z.string(), name: z.string() }).nullable(),
    }),
  ),
  'runs.suite': method(
    'The copy of its suite kept with a run (null when the run has none, e.g. imported calls)',
    z.object({ id: z.string().min(1) }),
    z.object({ suite: TestSuite.nullable() }),
  ),
  'runs.start': method(
    'Start a run as a job; its turns arrive as run events, its progress as job.progress events',
    StartRunInput,
    RunStarted,
  ),
  'runs.cancel': method(
    'Cancel a running run: the job writing it is cancelled (finished results are kept)',
    z.object({ id: z.string().min(1) }),
    z.object({ cancelled: z.boolean() }),
  ),
  'runs.rerun': method(
    "A new run of a finished run's failed tests (a cancelled conversation counts as failed) or of chosen tests: the same agent version, models and options, from the suite copy kept with the run; the new run names its source (source_run_id)",
    z
      .object({
        id: z.string().min(1),
        /** The tests with a failed or errored conversation. */
        failed: z.boolean().optional(),
        /** These tests, by name (instead of `failed`). */
        tests: z.array(z.string().min(1)).max(10_000).optional(),
      })
      .refine((v) => !!v.failed !== !!v.tests?.length, {
        message: 'give failed: true or the tests to rerun, not both',
        path: ['tests'],
      }),
    RunStarted.extend({ tests: z.array(z.string()) }),
  ),
  'runs.cancelTest': method(
    'Cancel one test of a running run: its conversations end as cancelled (stored, counted as errors), the rest of the run goes on',
    z.object({ id: z.string().min(1), test: z.string().min(1) }),
    z.object({ cancelled: z.boolean() }),
  ),
  'runs.resume': method(
    'Run only what an interrupted run is missing',
    z.object({
      id: z.string().min(1),
      /** Take over a run another process still holds (its run lock is held: a hung process). */
      force: z.boolean().optional(),
    }),
    RunStarted,
  ),
  'runs.merge': method(
    'Join the shards of one run into a single run, as a job (its result: {run_id})',
    z.object({ ids: z.array(z.string().min(1)).min(2).max(1000) }),
    JobStarted,
  ),
  'runs.delete': method(
    'Delete a run and its results',
    z.object({ id: z.string().min(1) }),
    z.object({ deleted: z.boolean() }),
  ),
  'runs.export': method(
    'Export a run as JSON or JUnit XML',
    z.object({ id: z.string().min(1), format: z.enum(['json', 'junit']) }),
    z.object({ text: z.string(), filename: z.string(), results: z.number().int() }),
  ),
  'runs.groupFailures': method(
    "Group a finished run's failures into problems with one judge-model call, as a job; stored with the run",
    z.object({ id: z.string().min(1), judge: ModelSpec.optional() }),
    JobStarted,
  ),
  'runs.live': method(
    'Live state of a run: planned total and the conversations in progress',
    z.object({ id: z.string().min(1) }),
    LiveRun,
  ),
  'runs.evaluate': method(
    "Judge a stored run's conversations with a suite's metrics and rules, without simulating; the verdicts become a new run",
    z.object({
      id: z.string().min(1),
      suite_id: z.string().min(1),
      /** Needed when the suite (or the agent) has LLM metrics. */
      judge: ModelSpec.optional(),
      /** Judge every conversation with this test (default: the test of the same name, else the whole suite merged). */
      test: z.string().optional(),
    }),
    RunStarted,
  ),
  'runs.replay': method(
    "Replay a run's recorded caller turns against an agent version (default: the latest); progress arrives as run events",
    z.object({
      id: z.string().min(1),
      agent_version_id: z.string().optional(),
      /** Default: the run's agent model (required for imported calls). */
      agent_model: ModelSpec.optional(),
      /** Default: the run's judge model, else the agent model. */
      judge_model: ModelSpec.optional(),
    }),
    RunStarted,
  ),
  'runs.rejudge': method(
    "Judge a finished run's stored conversations again, k times per judge model (seeds 1..k), storing each judgement beside the original verdicts, as a job (runs.judgements reads the report)",
    z.object({
      id: z.string().min(1),
      /** Default: the run's own judge model. Two or more: judge against judge. */
      judges: z.array(ModelSpec).optional(),
      /** Judgements per conversation and judge (1 to 50; default 1). */
      k: z.number().int().optional(),
    }),
    JobStarted,
  ),
  'runs.judgements': method(
    "A run's judge consistency and judge-against-judge report from its stored re-judgements",
    z.object({ id: z.string().min(1) }),
    JudgementsReport,
  ),
};
