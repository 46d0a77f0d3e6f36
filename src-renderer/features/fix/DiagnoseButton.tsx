import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';
import { useApiMutation } from '../../api/hooks.js';
import { modelProblem } from '../../ui/model-choice.js';
import { errorText } from '../../ui/widgets.js';
import { ModelPicker } from '../models/index.js';
import './fix.css';

/**
 * "Diagnose" on a failed result or a failure group (the run page's entry to the fix review): starts a
 * fix with the run's judge model, or another one (its first diagnosis and proposal run as a job) and
 * opens its review screen.
 */
export function DiagnoseButton({
  runId,
  resultId,
  group,
  label = 'Diagnose',
}: {
  runId: string;
  resultId?: string;
  /** A failure group's number (1-based). */
  group?: number;
  label?: string;
}) {
  const [, navigate] = useLocation();
  const start = useApiMutation('fixes.diagnose', ['fixes.list']);
  const [other, setOther] = useState(false);
  const [judge, setJudge] = useState<ModelSpecInput | undefined>();
  const problem = other ? modelProblem(judge, true) : null;
  return (
    <span className="fix-diagnose">
      <button
        type="button"
        className="small"
        data-testid="diagnose"
        disabled={start.isPending || !!problem}
        title="Say where the fault is in the agent and propose a fix, then test it"
        onClick={() =>
          start.mutate(
            {
              run_id: runId,
              ...(resultId ? { result_id: resultId } : {}),
              ...(group ? { group } : {}),
              ...(other && judge ? { judge } : {}),
            },
            { onSuccess: (o) => navigate(`/fixes/${o.fix_id}`) },
          )
        }
      >
        {start.isPending ? 'Starting…' : label}
      </button>
      <label className="checkbox small">
        <input type="checkbox" checked={other} onChange={(e) => setOther(e.target.checked)} /> with another model
      </label>
      {other && (
        <span className="fix-diagnose__model">
          <ModelPicker label="Model that diagnoses" testId="model-diagnose" value={judge} onChange={setJudge} />
        </span>
      )}
      {start.error && (
        <span className="error small" role="alert">
          {errorText(start.error)}
        </span>
      )}
    </span>
  );
}
