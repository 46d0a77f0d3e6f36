import { Link } from 'wouter';
import { isExampleScript, scriptedFixNote } from '../../../src-shared/text/scripted-fix-note.js';
import { useApi } from '../../api/hooks.js';
import { ErrorBox, Loading, PageHeader, StatusBadge } from '../../ui/common.js';
import { DiagnosisSection } from './DiagnosisSection.js';
import { EvidenceTranscript } from './EvidenceTranscript.js';
import { FaultCanvas } from './FaultCanvas.js';
import { FixActions } from './FixActions.js';
import { FixJobProgress } from './FixJobProgress.js';
import { evidenceTurns, OUTCOME_WORDS } from './fix-view.js';
import { IterationList } from './IterationList.js';
import { ProposalEditor } from './ProposalEditor.js';
import { ChangeRows, ScoresSection } from './ScoresSection.js';
import { useFixPage } from './use-fix-page.js';
import './fix.css';
import { modelLabel } from '../../../src-shared/text/model-name.js';

/**
 * The fix review: where the diagnosis puts the fault (on the canvas and in the transcript), the
 * proposed edits (editable), and after "Apply and test" the original and new scores side by side
 * with the regression check; Try again, Auto-fix and Keep this version.
 */
export function FixPage({ params }: { params: Record<string, string> }) {
  const state = useFixPage(params.id);
  const { fix, it } = state;
  const d = it?.diagnoses[state.fault.d];
  const f = d?.faults[state.fault.f];
  const resultId = d?.subject.result_ids[0];
  const result = useApi('runs.result', { id: resultId ?? '' }, { enabled: !!resultId, staleTime: Infinity });
  const run = useApi('runs.get', { id: fix.data?.run_id ?? '' }, { enabled: !!fix.data?.run_id, staleTime: Infinity });
  if (fix.isLoading) return <Loading />;
  if (fix.error) return <ErrorBox error={fix.error} />;
  const x = fix.data!;
  const agentNote = run.data ? scriptedFixNote(run.data.run) : undefined;
  return (
    <div className="fix-page" data-testid="fix-page">
      <PageHeader
        title={`Fix: ${x.tests.join(', ')}`}
        actions={<Link href={`/runs/${x.run_id}`}>Back to the run</Link>}
      >
        {x.agent_name} v{x.start_version} · run {x.run_id} · {x.repeats} conversations per re-run · diagnosed by{' '}
        {modelLabel(x.judge)} · <StatusBadge status={x.status} />
      </PageHeader>
      {agentNote && (
        <p className="notice demo-notice" data-testid="fix-scripted-agent">
          Demo: {agentNote}.
        </p>
      )}
      {x.judge.provider === 'scripted' && !isExampleScript(x.judge.model) && (
        <p className="notice demo-notice" data-testid="fix-demo">
          The diagnosis and the proposals come from the scripted model, which answers from a file and cannot read
          failures: they show how fixing works, not what is wrong with this agent. Choose a real judge model for the run
          to diagnose it.
        </p>
      )}
      {state.jobId && <FixJobProgress jobId={state.jobId} onEnd={state.jobEnded} />}
      {x.error && !state.jobId && <ErrorBox error={{ message: x.error }} />}
      {x.stop && (
        <div className={`notice fix-stop fix-stop--${x.stop.reason}`} data-testid="fix-stop" role="status">
          <strong>{x.stop.reached ? 'Target reached.' : 'Stopped.'}</strong> {x.stop.message}
          {x.stop.transitions.length > 0 && (
            <ul>
              {x.stop.transitions.map((t) => (
                <li key={t}>
                  <code>{t}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <IterationList fix={x} shown={it?.n} onShow={state.showIteration} />
      {it && (
        <>
          <section className="card" aria-label="Diagnosis">
            <h3>
              Diagnosis {x.iterations.length > 1 ? `(iteration ${it.n})` : ''}
              {it.outcome && <span className="badge fix-outcome">{OUTCOME_WORDS[it.outcome]}</span>}
            </h3>
            <div className="fix-review-grid">
              <DiagnosisSection diagnoses={it.diagnoses} picked={state.fault} onPick={state.setFault} />
              {result.data && d && (
                <EvidenceTranscript result={result.data} evidence={evidenceTurns(d)} focus={f?.turns ?? []} />
              )}
            </div>
            <FaultCanvas
              agentId={x.agent_id}
              versionId={it.base_version_id}
              diagnoses={it.diagnoses}
              path={result.data?.nodes_visited}
              focusNode={f?.node_id ?? undefined}
            />
          </section>
          <section className="card" aria-label="Proposed fix">
            <h3>Proposed fix</h3>
            <ProposalEditor
              it={it}
              draft={state.draft}
              editable={state.isLatest && !it.version_id && it.outcome === null && x.status !== 'running'}
              onDraft={state.setDraft}
              judge={x.judge}
            />
            <FixActions fix={x} it={it} state={state} />
            <ErrorBox error={state.error} />
          </section>
          {it.targets.length > 0 && (
            <section className="card" aria-label="Original and new scores">
              <h3>Original and new</h3>
              <ScoresSection fix={x} it={it} />
            </section>
          )}
        </>
      )}
      {x.holdout && x.holdout.tests.length > 0 && (
        <section className="card" aria-label="Holdout tests">
          <ChangeRows
            tests={x.holdout.tests}
            caption="Holdout tests (never shown to the model), on the final version"
            testId="fix-holdout"
          />
        </section>
      )}
    </div>
  );
}
