import { useState } from 'react';
import { nodesToVisit } from '../../../../src-shared/checks/check-kinds.js';
import { coverageLine, type GraphCoverage } from '../../../../src-shared/coverage.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { useApi } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { ModelPicker } from '../../models/index.js';
import { gapText, newlyCovered, type GapDraft, type NodeName } from './cover-gaps-state.js';
import { useCoverGaps, type CoverGaps, type CoverStep } from './use-cover-gaps.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';
import { ProposedTestCard } from '../../../ui/ProposedTestCard.js';

const personaOf = (d: GapDraft) => (typeof d.test.persona === 'object' ? d.test.persona : undefined);

/**
 * "Cover the gaps": a model proposes one test per edge or global node no run of the suite reached; you
 * review them (uncheck, rename, edit the goal), save the ones you keep into the suite, run them and see
 * the new coverage. Proposing and running are jobs (progress, time left, Cancel). Nodes are named as on the canvas (the
 * id in a tooltip). The steps and their long work: use-cover-gaps.ts.
 */
export function CoverGapsDialog({
  agentId,
  suiteId,
  suiteName,
  coverage,
  initialModel,
  onClose,
}: {
  agentId: string;
  suiteId: string;
  suiteName: string;
  coverage: GraphCoverage;
  initialModel?: ModelSpecInput;
  onClose(): void;
}) {
  const [model, setModel] = useState<ModelSpecInput | undefined>(initialModel);
  const c = useCoverGaps(agentId, suiteId, model);
  const agent = useApi('agents.get', { id: agentId }, { retry: false });
  const names = new Map(agent.data?.graph.nodes.map((n) => [n.id, n.name || n.id]) ?? []);
  const name: NodeName = (id) => names.get(id) ?? id;
  const problem = modelProblem(model, true);
  const gaps = coverage.uncovered_edges.length + coverage.uncovered_globals.length;
  const { step } = c;
  return (
    <Dialog
      title="Cover the gaps"
      testId="cover-gaps"
      size="wide"
      onClose={onClose}
      dismissable={!c.busy && step.kind !== 'running'}
      description={`Suite “${suiteName}”: ${coverageLine(coverage)}.`}
      actions={<CoverActions c={c} gaps={gaps} blocked={!!problem} suiteName={suiteName} onClose={onClose} />}
    >
      {step.kind === 'choose' && (
        <>
          <p className="muted small">
            For each edge and global node no run of this suite reached, a model proposes one test (a caller with a goal
            and a path assertion that reaches it): one model call per gap. You review them before anything is saved.
          </p>
          {gaps === 0 ? (
            <p role="status">Nothing to cover: every edge and global node was reached.</p>
          ) : (
            <GapList coverage={coverage} name={name} />
          )}
          <ModelPicker
            label="Model that writes the tests"
            testId="model-cover-gaps"
            value={model}
            onChange={setModel}
          />
          <ModelFitness role="caller" spec={model} />
          {problem && model && (
            <div className="muted small" role="status">
              To propose: {problem}.
            </div>
          )}
          {c.proposing.running && (
            <JobProgress job={c.proposing.job} onCancel={c.proposing.cancel} label="Proposing tests" />
          )}
        </>
      )}
      {step.kind === 'review' && <Proposals step={step} c={c} name={name} />}
      {step.kind === 'saved' && (
        <>
          <p role="status" data-testid="cover-gaps-saved">
            Added {plural(step.added.length, 'test')} to “{suiteName}”: {step.added.join(', ')}. Run them now with the
            model above to see the new coverage.
          </p>
          <ModelPicker label="Model to run them with" testId="model-cover-gaps-run" value={model} onChange={setModel} />
          <ModelFitness role="agent" spec={model} />
        </>
      )}
      {step.kind === 'running' && (
        <JobProgress job={c.running.job} onCancel={c.running.cancel} label={`Running them as run ${step.runId}`} />
      )}
      {step.kind === 'ran' && <After step={step} name={name} />}
      <ErrorBox error={c.error} />
    </Dialog>
  );
}

function GapList({ coverage, name }: { coverage: GraphCoverage; name: NodeName }) {
  return (
    <ul className="small" data-testid="cover-gaps-list">
      {coverage.uncovered_edges.map((e) => (
        <li key={e.key} title={`${e.from} → ${e.to} (${e.transition_id})`}>
          edge {gapText({ kind: 'edge', from: e.from, to: e.to }, name)}
        </li>
      ))}
      {coverage.uncovered_globals.map((g) => (
        <li key={g.node} title={g.node}>
          {gapText({ kind: 'global', from: g.node, to: g.node }, name)}
        </li>
      ))}
    </ul>
  );
}

function Proposals({ step, c, name }: { step: Extract<CoverStep, { kind: 'review' }>; c: CoverGaps; name: NodeName }) {
  return (
    <>
      <ul className="generated-personas">
        {step.drafts.length === 0 && (
          <li className="muted">The model proposed nothing usable. Go back and try another model.</li>
        )}
        {step.drafts.map((d, i) => (
          <ProposedTestCard
            key={d.gap.key}
            index={i}
            name={d.test.name}
            keep={d.keep}
            goal={personaOf(d)?.goal}
            goalLabel={<>Caller {personaOf(d)?.name}: goal</>}
            testId="gap-proposal"
            onChange={(p) =>
              c.edit(
                i,
                {
                  ...(p.keep !== undefined ? { keep: p.keep } : {}),
                  ...(p.name !== undefined ? { test: { ...d.test, name: p.name } } : {}),
                },
                p.goal !== undefined ? { goal: p.goal } : undefined,
              )
            }
          >
            <div className="small" title={`${d.gap.from} → ${d.gap.to}`}>
              <strong>Aims at:</strong> {gapText(d.gap, name)} when “{d.gap.condition}” · asserts it visits{' '}
              {nodesToVisit(d.test.assertions).map(name).join(', ')}
            </div>
            {d.why && <div className="small muted">{d.why}</div>}
          </ProposedTestCard>
        ))}
      </ul>
      {step.out.failures.map((f) => (
        <p key={f.gap.key} className="warn small" data-testid="gap-failure">
          No proposal for {gapText(f.gap, name)}: {f.error}
        </p>
      ))}
    </>
  );
}

function After({ step, name }: { step: Extract<CoverStep, { kind: 'ran' }>; name: NodeName }) {
  const newly = newlyCovered(step.out.coverage, step.after, name);
  return (
    <div role="status" data-testid="cover-gaps-after">
      <p>Before: {coverageLine(step.out.coverage)}</p>
      <p>
        <strong>After: {coverageLine(step.after)}</strong>
      </p>
      {newly.length ? (
        <p>Newly covered: {newly.join(', ')}</p>
      ) : (
        <p className="warn">No gap was reached by the new tests.</p>
      )}
      <p className="small">
        <a href={`#/runs/${step.runId}`}>Open the run</a>
      </p>
    </div>
  );
}

function CoverActions({
  c,
  gaps,
  blocked,
  suiteName,
  onClose,
}: {
  c: CoverGaps;
  gaps: number;
  blocked: boolean;
  suiteName: string;
  onClose(): void;
}) {
  const { step } = c;
  if (step.kind === 'choose')
    return (
      <>
        <button type="button" onClick={onClose} disabled={c.busy}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void c.propose()}
          disabled={blocked || c.busy || !gaps}
          data-testid="cover-gaps-propose"
        >
          {c.busy ? 'Proposing…' : `Propose ${plural(gaps, 'test')}`}
        </button>
      </>
    );
  if (step.kind === 'review') {
    const kept = step.drafts.filter((d) => d.keep).length;
    return (
      <>
        <button type="button" onClick={c.back} disabled={c.saving}>
          Back
        </button>
        <button
          type="button"
          className="primary"
          onClick={c.saveKept}
          disabled={!kept || c.saving}
          data-testid="cover-gaps-save"
        >
          {c.saving ? 'Saving…' : `Save ${plural(kept, 'test')} into “${suiteName}”`}
        </button>
      </>
    );
  }
  if (step.kind === 'saved')
    return (
      <>
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void c.runThem()}
          disabled={blocked}
          data-testid="cover-gaps-run"
        >
          Run them
        </button>
      </>
    );
  if (step.kind === 'running') return null;
  return (
    <button type="button" className="primary" onClick={onClose}>
      Done
    </button>
  );
}
