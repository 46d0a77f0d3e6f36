import { useState } from 'react';
import { Link } from 'wouter';
import type { RedteamFindingRow } from '../../../src-shared/contract/redteam.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { NEW_SUITE, SuiteOrNew, suiteTarget } from '../../ui/SuiteOrNew.js';

/** "Keep as a test": the attack's caller lines as a caller_script test with its detector probe, into a suite. */
export function KeepAsTest({ finding, agentName }: { finding: RedteamFindingRow; agentName: string }) {
  const [open, setOpen] = useState(false);
  const [suite, setSuite] = useState(NEW_SUITE);
  const [newSuite, setNewSuite] = useState(`${agentName} red-team regressions`);
  const suites = useApi('suites.list', {}, { enabled: open });
  const keep = useApiMutation('redteam.keepAsTest', ['suites.list', 'suites.get']);
  if (keep.data)
    return (
      <div className="rt-kept" role="status">
        Kept as “{keep.data.test.name}” in <Link href={`/suites/${keep.data.suite_id}`}>{keep.data.suite_name}</Link>: a
        re-run fails while the leak is there.
      </div>
    );
  if (!open)
    return (
      <button type="button" className="small" onClick={() => setOpen(true)}>
        Keep as a test
      </button>
    );
  return (
    <form
      className="rt-keep"
      aria-label="Keep as a test"
      onSubmit={(e) => {
        e.preventDefault();
        keep.mutate({
          result_id: finding.result_id,
          ...suiteTarget(suite, newSuite),
        });
      }}
    >
      <SuiteOrNew value={suite} onChange={setSuite} suites={suites.data} newSuite={newSuite} onNewSuite={setNewSuite} />
      <button type="submit" className="small primary" disabled={keep.isPending || !suite}>
        Keep
      </button>
      <ErrorBox error={keep.error} />
    </form>
  );
}
