import { useState } from 'react';
import { coverageLine } from '../../../../src-shared/coverage.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApi } from '../../../api/hooks.js';
import { CoverGapsDialog } from './CoverGapsDialog.js';
import { lastJudgeModel } from './cover-gaps-state.js';
import { plural } from '../../../../src-shared/text/plural.js';
import './checks.css';

/** The coverage of the agent by every run of one suite (src-shared/coverage.ts), and "Cover the gaps". */
export function SuiteCoverage({
  agentId,
  suiteId,
  suiteName,
  model,
  disabledReason,
  onClosed,
}: {
  agentId: string;
  suiteId: string;
  suiteName: string;
  model?: ModelSpecInput;
  /** Why "Cover the gaps" cannot be used now (e.g. the suite has unsaved edits). */
  disabledReason?: string;
  /** After the dialog closes (it may have added tests to the suite). */
  onClosed?: () => void;
}) {
  const cov = useApi('analysis.coverage', { agent_id: agentId, suite_id: suiteId }, { staleTime: 0 });
  // the model offered first: the one given, else the suite's last judge model that is not the scripted one
  const latest = useApi('runs.list', { suite_id: suiteId, limit: 20, offset: 0 }, { enabled: !model });
  const offered = model ?? lastJudgeModel(latest.data ?? []);
  const [open, setOpen] = useState(false);
  if (cov.error) return <div className="error small">{cov.error.message}</div>;
  if (!cov.data) return <div className="muted small">Measuring the suite’s coverage…</div>;
  const c = cov.data.coverage;
  const gaps = c.uncovered_edges.length + c.uncovered_globals.length;
  return (
    <div className="ge-suite-coverage small" data-testid="suite-coverage">
      <div>
        All runs of suite “{suiteName}” ({plural(cov.data.runs, 'run')}, on v{cov.data.agent.version}):{' '}
        <span data-testid="suite-coverage-line">{coverageLine(c)}</span>
      </div>
      {gaps > 0 ? (
        <button
          type="button"
          className="small"
          onClick={() => setOpen(true)}
          disabled={!!disabledReason}
          title={disabledReason}
          data-testid="cover-gaps-open"
        >
          Cover the gaps ({gaps})
        </button>
      ) : (
        <div className="muted">Every edge and global node was reached.</div>
      )}
      {open && (
        <CoverGapsDialog
          agentId={agentId}
          suiteId={suiteId}
          suiteName={suiteName}
          coverage={c}
          initialModel={offered}
          onClose={() => {
            setOpen(false);
            void cov.refetch();
            onClosed?.();
          }}
        />
      )}
    </div>
  );
}
