import { useApi } from '../../api/hooks.js';

function RunWarnings({ id, label }: { id: string; label: string }) {
  const r = useApi('runs.judgements', { id }, { retry: false });
  if (!r.data?.unstable.length) return null;
  return (
    <>
      {r.data.unstable.map((u) => (
        <div key={u} className="warning small" role="alert" data-testid="compare-unstable-judge">
          Run {label}: {u}
        </div>
      ))}
    </>
  );
}

/**
 * The compared runs' unstable judge metrics (from their re-judgements): a change on such a metric
 * may be the judge changing its mind, not the agent.
 */
export function UnstableJudges({ runs }: { runs: { id: string; label: string }[] }) {
  return (
    <div className="unstable-judges">
      {runs.map((r) => (
        <RunWarnings key={r.id} id={r.id} label={r.label} />
      ))}
    </div>
  );
}
