import { Link } from 'wouter';
import { useApi } from '../../api/hooks.js';
import { ErrorBox, PageHeader } from '../../ui/common.js';
import { shortDate } from '../../ui/dates.js';
import { JobProgress } from '../../ui/jobs/JobProgress.js';
import { RedteamForm } from './RedteamForm.js';
import { RedteamReportView } from './RedteamReportView.js';
import { useRedteam } from './use-redteam.js';
import './redteam.css';

/**
 * The Red team page of an agent (issue 35, docs/red-team.md): the choices of `parley redteam`, the run as a job
 * with Cancel, and the report; it opens on the agent's last red-team run.
 */
export function RedteamPage({ params }: { params: Record<string, string> }) {
  const agent = useApi('agents.get', { id: params.id });
  const rt = useRedteam(params.id);
  const name = agent.data?.agent.name ?? params.id;
  return (
    <div className="rt-page" data-testid="redteam-page">
      <PageHeader title={`Red team: ${name}`} actions={<Link href={`/agents/${params.id}`}>Open the agent</Link>}>
        Simulated attackers try to get the prompt, someone else&apos;s data or an action without its steps; exact
        detectors decide what leaked.
      </PageHeader>
      <ErrorBox error={agent.error} />
      <div className="rt-layout">
        <RedteamForm agentId={params.id} busy={rt.job.running} onStart={(input) => void rt.start(input)} />
        <aside className="rt-past" aria-label="Past red-team runs">
          <h2>Past red-team runs</h2>
          {rt.runs.data?.runs.length ? (
            <ul>
              {rt.runs.data.runs.map((r) => (
                <li key={r.run_id}>
                  <button
                    type="button"
                    className={`ghost small${r.run_id === rt.shown ? ' rt-current' : ''}`}
                    aria-current={r.run_id === rt.shown}
                    onClick={() => rt.pick(r.run_id)}
                  >
                    {shortDate(r.created_at)} · {r.status}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">None yet.</p>
          )}
        </aside>
      </div>
      {rt.job.job && <JobProgress job={rt.job.job} onCancel={rt.job.cancel} label="Red team" />}
      <ErrorBox error={rt.error ?? rt.report.error} />
      {rt.report.data && !rt.job.running && <RedteamReportView report={rt.report.data} />}
    </div>
  );
}
