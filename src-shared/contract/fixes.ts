import { z } from 'zod';
import { method } from './define.js';
import { JobStarted } from './jobs.js';
import { FixEdit, FixSession, FixUntil, ModelSpec } from '../schemas/index.js';
import { MAX_FIX_EDITS } from '../limits.js';

/**
 * fixes.*: from a failing test to a fixed agent version (docs/fix.md). Every method that works
 * answers at once with the job doing it (`job_id`); the fix is read back with `fixes.get`.
 * Refusals (a run that passed, a deleted test, edits that make the agent invalid) are errors and
 * change nothing.
 */
const Id = z.object({ id: z.string().min(1) });

/** What to diagnose: a run's failed result, a test, a failure group (1-based) or every failed test; and by which model. */
const DiagnoseSubject = z.object({
  run_id: z.string().min(1),
  result_id: z.string().min(1).optional(),
  test: z.string().min(1).optional(),
  group: z.number().int().min(1).optional(),
  all: z.boolean().optional(),
  /** The model that diagnoses (and proposes, in a fix; default: the run's judge model). */
  judge: ModelSpec.optional(),
});

export const fixMethods = {
  'fixes.diagnose': method(
    "Start a fix from a run's failure: a failed result, a test, a failure group (1-based) or every failed test; its first diagnosis and proposal run as a job",
    DiagnoseSubject.extend({
      /** Conversations per failing test in each re-run (default 3). */
      repeats: z.number().int().optional(),
    }),
    JobStarted.extend({ fix_id: z.string() }),
  ),
  'fixes.diagnoseRun': method(
    "Diagnose a run's failures without starting a fix (read only, nothing stored): one structured judge-model call per failed test (its first failed conversation) or one for a failure group, as a job (its result: run_id, version, tests, diagnoses)",
    DiagnoseSubject,
    JobStarted,
  ),
  'fixes.get': method('A fix with every iteration (diagnoses, proposal, version, re-runs, verdicts)', Id, FixSession),
  'fixes.list': method(
    'Fixes, newest first; of one run when given',
    z.object({ run_id: z.string().min(1).optional() }).default({}),
    z.object({ fixes: z.array(FixSession) }),
  ),
  'fixes.apply': method(
    "Apply the latest proposal's edits (as edited) as a new agent version, then re-run the failing tests and the rest of the suite",
    z.object({ id: z.string().min(1), edits: z.array(FixEdit).max(MAX_FIX_EDITS).optional() }),
    JobStarted,
  ),
  'fixes.retry': method(
    'Try again: a new diagnosis and proposal from the latest scores and transcripts',
    Id,
    JobStarted,
  ),
  'fixes.auto': method(
    'Auto-fix: iterations until the failing tests improve or all pass, at most max_iterations (1-10)',
    z.object({ id: z.string().min(1), max_iterations: z.number().int(), until: FixUntil.default('improved') }),
    JobStarted,
  ),
  'fixes.resume': method(
    'Continue a fix whose work stopped (a crash, a cancel) from its last finished step',
    Id,
    JobStarted,
  ),
  'fixes.keep': method(
    "Keep a version the fix made (default: the last accepted one) as the agent's latest, then run the holdout tests on it",
    z.object({ id: z.string().min(1), version_id: z.string().min(1).optional() }),
    JobStarted,
  ),
};
