import { useLocation } from 'wouter';
import type { LiveTest } from '../../../../src-shared/run/live.js';
import { useApiMutation } from '../../../api/hooks.js';
import { ErrorBox } from '../../../ui/common.js';
import { plural } from '../../../../src-shared/text/plural.js';

/**
 * "Rerun failed" and "Rerun selected" (runs.rerun): a new run of some of this run's tests with the same agent
 * version, models and options; the page moves to it. The tests are picked with the boxes of the tests table.
 */
export function RerunBar({
  runId,
  tests,
  picked,
  onClear,
}: {
  runId: string;
  tests: LiveTest[];
  picked: ReadonlySet<string>;
  onClear(): void;
}) {
  const [, navigate] = useLocation();
  const rerun = useApiMutation('runs.rerun', ['runs.list']);
  const failed = new Set(tests.filter((t) => t.status === 'fail' || t.status === 'error').map((t) => t.test));
  const go = (input: { failed: true } | { tests: string[] }) =>
    rerun.mutate(
      { id: runId, ...input },
      {
        onSuccess: (o) => {
          onClear();
          navigate(`/runs/${o.run_id}`);
        },
      },
    );
  return (
    <div className="rerun-bar" role="group" aria-label="Rerun tests">
      <button
        onClick={() => go({ failed: true })}
        disabled={!failed.size || rerun.isPending}
        title={
          failed.size
            ? `Run the ${plural(failed.size, 'test')} with a failed, errored or cancelled conversation again, with this run's agent version, models and options`
            : 'No test failed in this run'
        }
      >
        Rerun failed{failed.size ? ` (${failed.size})` : ''}
      </button>
      <button
        onClick={() => go({ tests: [...picked] })}
        disabled={!picked.size || rerun.isPending}
        title={picked.size ? [...picked].join(', ') : 'Tick tests in the table below to rerun them'}
      >
        Rerun selected{picked.size ? ` (${picked.size})` : ''}
      </button>
      {picked.size > 0 && <button onClick={onClear}>Clear selection</button>}
      <ErrorBox error={rerun.error} />
    </div>
  );
}
