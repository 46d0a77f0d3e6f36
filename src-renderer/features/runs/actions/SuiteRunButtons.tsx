import { useState } from 'react';
import { useApi } from '../../../api/hooks.js';
import { NewRunDialog } from './NewRunDialog.js';
import { emptySetup, loadLastSetup, setupFromRun, type RunSetup } from './run-setup.js';

/**
 * The suite page's way to run it: "Run again" (the set-up of this suite's last run) and "Run on another
 * model" when it ran before, else "Run this suite…" with the suite chosen and the last agent and models.
 */
export function SuiteRunButtons({ suiteId, disabledReason }: { suiteId: string; disabledReason?: string }) {
  const last = useApi('runs.list', { suite_id: suiteId, limit: 5, offset: 0 });
  const lastRun = last.data?.find((r) => r.kind === 'simulated');
  const [open, setOpen] = useState<{ setup: RunSetup; another: boolean } | null>(null);
  const fresh = (): RunSetup => ({ ...(loadLastSetup() ?? emptySetup()), suite: suiteId });
  return (
    <>
      {lastRun ? (
        <>
          <button
            type="button"
            disabled={!!disabledReason}
            title={disabledReason}
            onClick={() => setOpen({ setup: setupFromRun(lastRun), another: false })}
          >
            Run again
          </button>
          <button
            type="button"
            disabled={!!disabledReason}
            title={disabledReason}
            onClick={() => setOpen({ setup: setupFromRun(lastRun, true), another: true })}
          >
            Run on another model
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={!!disabledReason}
          title={disabledReason}
          onClick={() => setOpen({ setup: fresh(), another: false })}
        >
          Run this suite…
        </button>
      )}
      {open && (
        <NewRunDialog onClose={() => setOpen(null)} initial={open.setup} chooseModel={open.another || undefined} />
      )}
    </>
  );
}
