import { useState } from 'react';
import type { Run, RunProblems } from '../../../../src-shared/schemas/run.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApiMutation } from '../../../api/hooks.js';
import { ErrorBox, fmtDate } from '../../../ui/common.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { useJob } from '../../../ui/jobs/use-job.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { specLabel, specTextLabel } from '../../../ui/models-label.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { DiagnoseButton } from '../../fix/index.js';

/**
 * A finished run's failures grouped into unique problems (one judge-model call), most severe first;
 * each example opens its conversation. Before grouping: a button, with the run's judge model or another.
 */
export function ProblemsCard({ run, onOpenResult }: { run: Run; onOpenResult: (resultId: string) => void }) {
  const group = useApiMutation('runs.groupFailures');
  const job = useJob(group.data?.job_id, { invalidates: ['runs.get'] });
  const busy = group.isPending || job.running;
  const [judge, setJudge] = useState<ModelSpecInput | undefined>();
  const [other, setOther] = useState(false);
  const failures = run.summary.failed + run.summary.errored;
  if (!failures && !run.problems) return null;
  const defaultJudge = run.models.judge?.spec ?? run.models.agent?.spec;
  const judgeProblem = other ? modelProblem(judge, true) : defaultJudge ? null : 'choose a judge model';
  const start = () => group.mutate({ id: run.id, ...(other && judge ? { judge } : {}) });

  return (
    <section className="card problems" aria-label="Problems" data-testid="problems">
      <div className="problems-head">
        <h3>Problems</h3>
        <span className="muted small">
          {run.problems
            ? `${plural(run.problems.total_failures, 'failure')} grouped by ${run.problems.judge}, ${fmtDate(run.problems.grouped_at)}`
            : `${plural(failures, 'conversation')} failed. Grouping reads every failure (metrics, rules, assertions, errors) and names the problems behind them, in one call to the judge model.`}
        </span>
      </div>
      {run.problems && <ProblemList runId={run.id} problems={run.problems} onOpenResult={onOpenResult} />}
      <div className="problems-actions">
        <button onClick={start} disabled={busy || !!judgeProblem}>
          {busy ? 'Grouping…' : run.problems ? 'Group again' : 'Group failures into problems'}
        </button>
        {!other && defaultJudge && <span className="muted small">with {specLabel(defaultJudge)}</span>}
        <label className="checkbox">
          <input type="checkbox" checked={other} onChange={(e) => setOther(e.target.checked)} /> another judge model
        </label>
      </div>
      {other && (
        <ModelPicker label="Judge model for grouping" testId="model-grouping" value={judge} onChange={setJudge} />
      )}
      {judgeProblem && other && (
        <div className="muted small" role="status">
          To group: {judgeProblem}.
        </div>
      )}
      {job.running && <JobProgress job={job.job} onCancel={job.cancel} label="Grouping failures" />}
      <ErrorBox error={group.error ?? (job.job?.status === 'failed' ? new Error(job.job.error?.message) : null)} />
    </section>
  );
}

function ProblemList({
  runId,
  problems,
  onOpenResult,
}: {
  runId: string;
  problems: RunProblems;
  onOpenResult: (resultId: string) => void;
}) {
  if (!problems.groups.length) {
    const scripted = problems.judge.startsWith('scripted:');
    return (
      <div data-testid="no-problems">
        <p className={scripted ? 'notice demo-notice' : 'muted'}>
          {scripted ? (
            <>
              The grouping ran on the scripted model ({specTextLabel(problems.judge)}), which answers from a file and
              cannot read failures, so it named no problems. Tick <strong>another judge model</strong> below and choose
              a real one to group{' '}
              {problems.total_failures === 1 ? 'this failure' : `these ${plural(problems.total_failures, 'failure')}`}.
            </>
          ) : (
            <>
              The judge model found no problem shared by{' '}
              {problems.total_failures === 1 ? 'this failure' : `these ${plural(problems.total_failures, 'failure')}`}:
              each is listed on its own below. A larger judge model may group them.
            </>
          )}
        </p>
        {problems.ungrouped.length > 0 && (
          <ul className="problem-examples">
            {problems.ungrouped.slice(0, 10).map((f) => (
              <li key={f.id}>
                <button className="linkish" onClick={() => onOpenResult(f.result_id)}>
                  {f.test}
                  {f.repeat ? ` #${f.repeat + 1}` : ''}
                </button>
                <span className="muted small">
                  {' '}
                  {f.kind} {f.what}
                  {f.nodes.length ? ` at ${f.nodes.join(', ')}` : ''}
                </span>
              </li>
            ))}
            {problems.ungrouped.length > 10 && (
              <li className="muted small">…and {problems.ungrouped.length - 10} more</li>
            )}
          </ul>
        )}
      </div>
    );
  }
  return (
    <ol className="problem-list">
      {problems.groups.map((g, i) => (
        <li key={i} className="problem" data-testid="problem">
          <div>
            <span className={`badge severity-${g.severity}`}>{g.severity}</span> <strong>{g.label}</strong>
            <span className="muted small">
              {' '}
              · {g.occurrences} failure{g.occurrences === 1 ? '' : 's'}
            </span>{' '}
            <DiagnoseButton runId={runId} group={i + 1} />
          </div>
          {g.description && <div className="small">{g.description}</div>}
          <ul className="problem-examples">
            {g.examples.slice(0, 5).map((f) => (
              <li key={f.id}>
                <button className="linkish" onClick={() => onOpenResult(f.result_id)}>
                  {f.test}
                  {f.repeat ? ` #${f.repeat + 1}` : ''}
                </button>
                <span className="muted small">
                  {' '}
                  {f.kind} {f.what}
                  {f.nodes.length ? ` at ${f.nodes.join(', ')}` : ''}
                </span>
              </li>
            ))}
            {g.examples.length > 5 && <li className="muted small">…and {g.examples.length - 5} more</li>}
          </ul>
        </li>
      ))}
      {problems.ungrouped.length > 0 && (
        <li className="muted small">{plural(problems.ungrouped.length, 'failure')} not in any problem.</li>
      )}
    </ol>
  );
}
