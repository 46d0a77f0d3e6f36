import { EndpointLoad } from './EndpointLoad.js';
import { RunProgress } from './RunProgress.js';
import { Transcript } from './Transcript.js';
import type { RunView } from './use-run-view.js';

const SHOWN = 6;

/** A run going on: its progress, the load on each endpoint and the conversations being spoken now. */
export function LiveSection({ view }: { view: RunView }) {
  const r = view.run.data!.run;
  const { active } = view.flags!;
  const { counts, speaking } = view;
  const stepping = active ? speaking.find((t) => t.step) : undefined;
  const step = stepping
    ? `${stepping.test}${stepping.repeat > 0 ? ` #${stepping.repeat + 1}` : ''}: ${stepping.step}`
    : undefined;
  return (
    <>
      {active || counts.queued ? (
        <RunProgress counts={counts} active={active} startedAt={r.started_at} step={step} />
      ) : null}
      {active && <EndpointLoad stats={view.state.endpoints} live />}
      {active && speaking.length > 0 && (
        <section aria-label="Conversations in progress">
          <h3>Now speaking</h3>
          <div className="speaking-grid">
            {speaking.slice(0, SHOWN).map((t) => (
              <div key={t.key} className="card live-conv" data-testid="live-conversation">
                <div className="live-head">
                  <strong>{t.test}</strong>
                  {t.repeat > 0 && <span className="muted"> · repeat {t.repeat + 1}</span>}{' '}
                  <span className="badge status-running">running</span>
                </div>
                {t.step && (
                  <div className="muted small" data-testid="live-step">
                    {t.step}
                  </div>
                )}
                <Transcript turns={t.transcript} partial={t.partial} nodeNames={view.nodeNames} emptyText="Starting…" />
              </div>
            ))}
          </div>
          {speaking.length > SHOWN && (
            <div className="muted small">…and {speaking.length - SHOWN} more conversations running.</div>
          )}
        </section>
      )}
      {active && speaking.length === 0 && counts.done === 0 && (
        <div className="muted" role="status">
          Loading models and starting the first conversations…
        </div>
      )}
    </>
  );
}
