import { useLocation } from 'wouter';
import { useApiMutation } from '../../api/hooks.js';
import { errorText } from '../../ui/widgets.js';

/**
 * "Diagnose" on a failed result or a failure group (the run page's entry to the fix review): starts a
 * fix (its first diagnosis and proposal run as a job) and opens its review screen.
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
  return (
    <span className="fix-diagnose">
      <button
        type="button"
        className="small"
        data-testid="diagnose"
        disabled={start.isPending}
        title="Say where the fault is in the agent and propose a fix, then test it"
        onClick={() =>
          start.mutate(
            { run_id: runId, ...(resultId ? { result_id: resultId } : {}), ...(group ? { group } : {}) },
            { onSuccess: (o) => navigate(`/fixes/${o.fix_id}`) },
          )
        }
      >
        {start.isPending ? 'Starting…' : label}
      </button>
      {start.error && (
        <span className="error small" role="alert">
          {errorText(start.error)}
        </span>
      )}
    </span>
  );
}
