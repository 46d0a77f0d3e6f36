import { scriptedRoles } from '../../../../src-shared/run/demo.js';
import { ErrorBox } from '../../../ui/common.js';
import { DemoNotice } from '../../../ui/DemoBadge.js';
import { RunModelsFitness } from '../../../ui/ModelFitness.js';
import type { RunView } from './use-run-view.js';

/**
 * What a person must know about the run before its figures: errors, demo, models unfit for their role,
 * stopped early, imported, elsewhere.
 */
export function RunNotices({ view, onRealModel }: { view: RunView; onRealModel?: () => void }) {
  const r = view.run.data!.run;
  const { active, elsewhere, resumable } = view.flags!;
  return (
    <>
      <ErrorBox error={view.error} />
      {r.demo && <DemoNotice onRealModel={onRealModel} roles={scriptedRoles(r.models)} />}
      <RunModelsFitness run={r} />
      {r.error && (
        <div className="error-box" role="alert">
          <strong>Run error:</strong> {view.state.finished?.error ?? r.error}
        </div>
      )}
      {resumable && r.status === 'interrupted' && (
        <div className="notice" role="status">
          This run stopped before it finished ({view.counts.done} conversations stored). <strong>Resume</strong> runs
          only the missing ones.
        </div>
      )}
      {r.kind === 'imported' && !r.parent_run_id && !active && (
        <div className="notice" role="status" data-testid="imported-hint">
          These are imported real calls: nothing was judged yet. <strong>Evaluate…</strong> judges them with a suite's
          metrics and rules; <strong>Replay…</strong> says their caller turns to the agent again, to see what a new
          version would answer.
        </div>
      )}
      {elsewhere && (
        <div className="notice" role="status">
          This run is going on in another Parley process (the command line?). Its progress is refreshed every few
          seconds; cancel it where it was started. If that process is hung, you can take the run over here: the
          conversations it finished are kept and the rest run in this app.{' '}
          <button onClick={() => view.resume.run(true)} disabled={view.resume.pending}>
            Take over
          </button>
        </div>
      )}
    </>
  );
}
