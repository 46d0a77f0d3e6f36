import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Run } from '../../../../src-shared/schemas/run.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { SuiteSelect } from '../../../ui/SuiteSelect.js';
import { ErrorBox } from '../../../ui/common.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { DialogActions } from '../../../ui/DialogActions.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';

/** "Evaluate": judge this run's conversations (e.g. imported calls) with a suite's metrics and rules, without simulating; the verdicts become a new run. */
export function EvaluateDialog({ run, onClose }: { run: Run; onClose: () => void }) {
  const [, navigate] = useLocation();
  const suites = useApi('suites.list', {}, { staleTime: 0 });
  const evaluate = useApiMutation('runs.evaluate', ['runs.list']);
  const [suite, setSuite] = useState(run.suite_id ?? '');
  const [judge, setJudge] = useState<ModelSpecInput | undefined>(run.models.judge?.spec);
  const judgeProblem = judge ? modelProblem(judge, true) : null;
  const submit = () =>
    evaluate.mutate(
      { id: run.id, suite_id: suite, ...(judge ? { judge } : {}) },
      { onSuccess: (out) => navigate(`/runs/${out.run_id}`) },
    );

  return (
    <Dialog
      title="Evaluate with a suite"
      testId="evaluate-run"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          pending={evaluate.isPending}
          disabled={!suite || !!judgeProblem}
          label={'Evaluate'}
          pendingLabel="Starting…"
        />
      }
    >
      <p className="muted small">
        Each conversation is judged with the test of the same name, or with every metric and rule of the suite when no
        test has its name. Nothing is simulated; the verdicts are stored as a new run linked to this one.
      </p>
      <SuiteSelect label="Suite" value={suite} onChange={setSuite} suites={suites.data} />
      <ModelPicker
        label="Judge model"
        testId="model-evaluate-judge"
        emptyLabel="None (rules only)"
        value={judge}
        onChange={setJudge}
      />
      <ModelFitness role="judge" spec={judge} />
      {judgeProblem && (
        <div className="muted small" role="status">
          Judge model: {judgeProblem}.
        </div>
      )}

      <ErrorBox error={evaluate.error} />
    </Dialog>
  );
}
