import { useEffect, useState } from 'react';
import type { Run } from '../../../../src-shared/schemas/run.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { useJob } from '../../../ui/jobs/use-job.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { DialogActions } from '../../../ui/DialogActions.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';

/**
 * "Re-judge...": judge this run's stored conversations again, k times (seeds 1..k), with the run's
 * judge or another one (judge against judge). Judgements are stored beside the original verdicts.
 */
export function RejudgeDialog({ run, onClose, onDone }: { run: Run; onClose: () => void; onDone?: () => void }) {
  const rejudge = useApiMutation('runs.rejudge');
  const job = useJob(rejudge.data?.job_id, { invalidates: ['runs.judgements', 'labels.agreement'] });
  const busy = rejudge.isPending || job.running;
  const done = job.job?.status === 'done';
  useEffect(() => {
    if (!done) return;
    onDone?.();
    onClose();
  }, [done, onClose, onDone]);
  const [judge, setJudge] = useState<ModelSpecInput | undefined>(run.models.judge?.spec);
  const [second, setSecond] = useState<ModelSpecInput | undefined>(undefined);
  const [k, setK] = useState('3');
  const problem = judge ? modelProblem(judge, true) : 'choose a judge model';
  const secondProblem = second ? modelProblem(second, true) : null;
  const kNum = Number(k);
  const kProblem = /^\d+$/.test(k) && kNum >= 1 && kNum <= 50 ? null : 'k: a whole number from 1 to 50';
  const submit = () => rejudge.mutate({ id: run.id, judges: [judge!, ...(second ? [second] : [])], k: kNum });
  return (
    <Dialog
      title="Re-judge the stored conversations"
      testId="rejudge-run"
      onClose={onClose}
      dismissable={!busy}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          pending={busy}
          disabled={!!problem || !!secondProblem || !!kProblem}
          label={'Re-judge'}
          pendingLabel={'Judging…'}
        />
      }
    >
      <p className="muted small">
        Every conversation is judged again k times (seeds 1 to k) on the metrics it was judged on. The original verdicts
        stay as they are; the new ones are stored beside them. A second judge model compares the two (Cohen&apos;s
        kappa, rank correlation, the conversations where they disagree).
      </p>
      <ModelPicker label="Judge model" testId="model-rejudge-judge" value={judge} onChange={setJudge} />
      <ModelFitness role="judge" spec={judge} />
      <ModelPicker
        label="Second judge (optional)"
        testId="model-rejudge-second"
        emptyLabel="None"
        value={second}
        onChange={setSecond}
      />
      <ModelFitness role="judge" spec={second} />
      <label>
        Judgements per conversation (k)
        <input aria-label="k" inputMode="numeric" value={k} onChange={(e) => setK(e.target.value.trim())} />
      </label>
      {(kProblem || (judge && problem) || secondProblem) && (
        <div className="muted small" role="status">
          {kProblem ?? (judge && problem ? `Judge model: ${problem}` : `Second judge: ${secondProblem}`)}.
        </div>
      )}
      {rejudge.data && <JobProgress job={job.job} onCancel={job.cancel} label="Re-judging" />}
      <ErrorBox error={rejudge.error} />
    </Dialog>
  );
}
