/**
 * `parley diagnose`: a run's failures diagnosed as a job, read only (nothing is stored): one structured
 * call per failed test (its first failed conversation) or one for a failure group. Holdout tests are
 * never among them.
 */
import type { Diagnosis, FixSubject, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { Job } from '../jobs/job.js';
import { specLabel } from '../analysis/problems/run-problems.js';
import { finishedRun } from '../refs/resolve.js';
import { diagnoseConversations } from './diagnose-conversations.js';
import { judgeOf, runVersion } from './fix-checks.js';
import type { FixHooks, FixJobDeps } from './fix-jobs.js';
import { fixTargets } from './targets.js';

export interface DiagnoseRequest {
  run_id: string;
  subject: FixSubject;
  judge?: ModelSpec;
}

export interface DiagnoseOutcome {
  run_id: string;
  version_id: string;
  version: number;
  tests: string[];
  diagnoses: Diagnosis[];
}

export async function diagnoseRun(
  deps: FixJobDeps,
  req: DiagnoseRequest,
  hooks: FixHooks = {},
): Promise<Job<DiagnoseOutcome>> {
  const run = finishedRun(deps.store, req.run_id, 'diagnose it');
  const targets = fixTargets(deps.store, run, req.subject, { rerun: false });
  const version = runVersion(deps.store, run);
  const spec = judgeOf(deps.store, run, req.judge);
  const model = await deps.models.load('judge', spec, { path: 'judge' });
  const holdout = new Set(targets.holdout);
  const cases = new Map([...targets.cases].filter(([name]) => !holdout.has(name)));
  return deps.jobs.start(
    {
      kind: 'diagnose',
      title: `Diagnose run ${run.id}`,
      unit: 'diagnoses',
      total: targets.group ? 1 : targets.evidence.length,
      subject: { run_id: run.id, agent_id: run.agent_id },
    },
    async (ctl) => ({
      run_id: run.id,
      version_id: version.id,
      version: version.version,
      tests: targets.tests,
      diagnoses: await diagnoseConversations(model, specLabel(spec), {
        version,
        results: targets.evidence,
        cases,
        failed: targets.failed,
        group: targets.group?.group,
        signal: ctl.signal,
        onDiagnosis: () => {
          ctl.tick();
          hooks.onStep?.({ fix_id: '', n: 0, step: 'diagnose' });
        },
      }),
    }),
  );
}
