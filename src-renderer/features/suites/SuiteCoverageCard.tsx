import { useState } from 'react';
import { useApi } from '../../api/hooks.js';
import { Section } from '../../ui/widgets.js';
import { SuiteCoverage } from '../graph-editor/index.js';

/**
 * The suite page's coverage: which edges and nodes of an agent every run of this suite reached, and
 * "Cover the gaps" for the rest. The agent is the one the suite last ran on (another that ran it can be
 * chosen).
 */
export function SuiteCoverageCard({
  suiteId,
  suiteName,
  disabledReason,
  onClosed,
}: {
  suiteId: string;
  suiteName: string;
  disabledReason?: string;
  onClosed(): void;
}) {
  const runs = useApi('runs.list', { suite_id: suiteId, limit: 100, offset: 0 });
  const ran = [
    ...new Map(
      (runs.data ?? []).filter((r) => r.kind === 'simulated').map((r) => [r.agent_id, r.agent_name || r.agent_id]),
    ),
  ];
  const [chosen, setChosen] = useState('');
  const agentId = ran.some(([id]) => id === chosen) ? chosen : (ran[0]?.[0] ?? '');
  return (
    <Section
      title="Coverage and gaps"
      testId="suite-coverage-card"
      description="Which parts of the agent the runs of this suite reached; Cover the gaps proposes a test for each part none reached."
      actions={
        ran.length > 1 ? (
          <label className="inline-label">
            Agent{' '}
            <select aria-label="Coverage of agent" value={agentId} onChange={(e) => setChosen(e.target.value)}>
              {ran.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : undefined
      }
    >
      {!runs.data ? null : agentId ? (
        <SuiteCoverage
          agentId={agentId}
          suiteId={suiteId}
          suiteName={suiteName}
          disabledReason={disabledReason}
          onClosed={onClosed}
        />
      ) : (
        <p className="muted small" data-testid="suite-coverage-none">
          Run this suite once to see which parts of the agent it reaches; then Cover the gaps proposes tests for the
          rest.
        </p>
      )}
    </Section>
  );
}
