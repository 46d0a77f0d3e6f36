import { Link } from 'wouter';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { fmtDate, PageHeader, StatusBadge } from '../../../ui/common.js';
import { scriptedRoles } from '../../../../src-shared/run/demo.js';
import { DemoBadge } from '../../../ui/DemoBadge.js';
import { RedactionBadge } from './RedactionBadge.js';
import { SpeechLabel } from '../../../ui/SpeechLabel.js';
import { copiedFromText, isCopiedRun } from '../../../../src-shared/run/copied.js';
import { roleModelLabel } from '../../../ui/models-label.js';
import { AudioEvalButton } from '../actions/AudioEvalButton.js';
import type { RunDialog } from './RunDialogs.js';
import type { RunView } from './use-run-view.js';

/** The run's title, status and models, and every action on it (what it offers depends on its state). */
export function RunHeader({
  view,
  onDialog,
  onCompare,
}: {
  view: RunView;
  onDialog(d: RunDialog): void;
  onCompare(): void;
}) {
  const r = view.run.data!.run;
  const { active, elsewhere, resumable, canRunAgain } = view.flags!;
  const done = !active;
  return (
    <PageHeader
      title={`Run · ${r.agent_name || r.agent_id}`}
      actions={
        <>
          {active && !elsewhere && (
            <button className="danger" onClick={view.cancel.run} disabled={view.cancel.pending}>
              {view.cancel.pending ? 'Cancelling…' : 'Cancel run'}
            </button>
          )}
          {resumable && (
            <button className="primary" onClick={() => view.resume.run()} disabled={view.resume.pending}>
              Resume
            </button>
          )}
          {canRunAgain && (
            <button className="primary" onClick={() => onDialog('again')}>
              Run again
            </button>
          )}
          {canRunAgain && <button onClick={() => onDialog('another')}>Run on another model</button>}
          {done && <button onClick={onCompare}>Compare…</button>}
          {done && <button onClick={() => onDialog('evaluate')}>Evaluate…</button>}
          {done && <button onClick={() => onDialog('replay')}>Replay…</button>}
          {done && r.kind === 'imported' && (
            <button onClick={() => onDialog('call-tests')} data-testid="call-tests-open">
              Tests from calls…
            </button>
          )}
          {done && <button onClick={() => onDialog('rejudge')}>Re-judge…</button>}
          {done && <AudioEvalButton run={r} />}
          {done && (
            <button onClick={() => view.exportAs.run('json')} disabled={view.exportAs.pending}>
              Export JSON
            </button>
          )}
          {done && (
            <button onClick={() => view.exportAs.run('junit')} disabled={view.exportAs.pending}>
              Export JUnit
            </button>
          )}
          {done && (
            <button className="danger" onClick={() => onDialog('delete')}>
              Delete
            </button>
          )}
        </>
      }
    >
      <RunHeaderLine run={r} status={view.status ?? r.status} />
    </PageHeader>
  );
}

function RunHeaderLine({ run, status }: { run: Run; status: string }) {
  const roles = (['agent', 'caller', 'judge'] as const).filter((k) => run.models[k]);
  return (
    <div className="run-meta">
      <div>
        <span data-testid="run-status">
          <StatusBadge status={status} />
        </span>
        {run.demo && <DemoBadge roles={scriptedRoles(run.models)} />}
        <RedactionBadge redaction={run.options.redaction} />
        <SpeechLabel speech={run.options.speech} /> suite <strong>{run.suite_name || '—'}</strong>
        {!run.suite_id && run.kind === 'simulated' && (
          <span
            className="muted"
            title="The run's suite is not stored (a tests file, or deleted since): a copy was kept with the run"
          >
            {' '}
            (kept with the run)
          </span>
        )}{' '}
        · agent <Link href={`/agents/${run.agent_id}`}>{run.agent_name || run.agent_id}</Link> · started{' '}
        {fmtDate(run.started_at ?? run.created_at)}
        {run.finished_at ? ` · finished ${fmtDate(run.finished_at)}` : ''}
        {run.source_run_id && (
          <>
            {' '}
            · started from <Link href={`/runs/${run.source_run_id}`}>run {run.source_run_id}</Link>
          </>
        )}
      </div>
      <div className="small">
        {roles.map((k) => {
          const m = run.models[k]!;
          const ident = m.identity;
          return (
            <span
              key={k}
              className="model-chip"
              title={ident ? JSON.stringify(ident, null, 1) : `${m.spec.provider}:${m.spec.model}`}
            >
              <span className="muted">{k}</span> {roleModelLabel(m)}
              {ident?.digest ? (
                <span className="muted"> · {ident.digest.replace(/^sha256:/, '').slice(0, 10)}</span>
              ) : null}
            </span>
          );
        })}
        <span className="muted">
          {' '}
          · concurrency {run.options.concurrency}
          {run.options.repeats ? ` · repeats ${run.options.repeats}` : ''}
          {run.options.max_turns ? ` · max turns ${run.options.max_turns}` : ''}
        </span>
      </div>
      {isCopiedRun(run) && (
        <div className="small muted" data-testid="run-copied-from">
          {copiedFromText(run)}: its stored models and speech engines are not offered or used unless you choose them
        </div>
      )}
    </div>
  );
}
