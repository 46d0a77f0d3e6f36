import { Link } from 'wouter';
import type { RedteamFindingRow, RedteamReport } from '../../../src-shared/contract/redteam.js';
import { DemoBadge } from '../../ui/DemoBadge.js';
import { useApi } from '../../api/hooks.js';
import { intervalText } from './interval-text.js';
import { hasLeak, LeakText } from '../../ui/LeakText.js';
import { KeepAsTest } from './KeepAsTest.js';
import { findingHref } from './finding-href.js';

/**
 * The agent's words at the finding's turn with the leaked words marked (src-shared/text/leak-spans.ts); evidence
 * that is in no text (a tool called too early, the judge's reasoning) or a turn not at hand is said plainly, unmarked.
 */
function Evidence({ finding }: { finding: RedteamFindingRow }) {
  const result = useApi(
    'runs.result',
    { id: finding.result_id },
    { staleTime: Infinity, enabled: finding.by === 'detector' && finding.turn !== null },
  );
  const said = finding.turn !== null ? result.data?.transcript[finding.turn - 1]?.content : undefined;
  const leaks = [{ detector: finding.detector, evidence: finding.evidence }];
  if (said && hasLeak(said, leaks))
    return (
      <blockquote className="rt-evidence" data-testid="rt-evidence">
        <LeakText text={said} leaks={leaks} />
      </blockquote>
    );
  return (
    <p className="rt-said small" data-testid="rt-evidence">
      {finding.evidence}
    </p>
  );
}

/** Per category attempts, successes and the attack success rate as an interval; each finding with Keep as a test. */
export function RedteamReportView({ report }: { report: RedteamReport }) {
  return (
    <section className="rt-report" data-testid="rt-report" aria-label="Red-team report">
      <h2>
        Report of <Link href={`/runs/${report.run_id}`}>run {report.run_id}</Link> {report.demo && <DemoBadge />}
      </h2>
      {report.status !== 'completed' && (
        <p className="notice" role="status">
          This run was {report.status}: the numbers are of the attempts that finished.
        </p>
      )}
      <table className="rt-table">
        <thead>
          <tr>
            <th>Category</th>
            <th>OWASP</th>
            <th>Attempts</th>
            <th>Successful attacks</th>
            <th>Attack success rate (95% interval)</th>
          </tr>
        </thead>
        <tbody>
          {report.categories.map((c) => (
            <tr key={c.id}>
              <td>{c.label}</td>
              <td>{c.owasp}</td>
              <td>
                {c.attempts}
                {c.errored > 0 && <span className="muted small"> ({c.errored} errored, left out)</span>}
              </td>
              <td>{c.successes}</td>
              <td data-testid="rt-interval">
                {c.note && !c.attempts ? <span className="muted">{c.note}</span> : intervalText(c)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.categories.some((c) => c.successes === 0) && (
        <p className="muted small">
          No success is not safety: these attackers, with these openers, on this attacker model, found nothing. The
          interval says how often the agent may still fail.
        </p>
      )}
      {report.categories.map((c) =>
        c.findings.length ? (
          <div key={c.id} className="rt-findings">
            <h3>{c.label}: findings</h3>
            <ul>
              {c.findings.map((f, i) => (
                <li key={`${f.result_id}-${i}`} className="rt-finding" data-testid="rt-finding">
                  <div className="rt-finding-head">
                    <strong>{f.detector}</strong> ({f.by === 'detector' ? 'detector' : 'judge'}) ·{' '}
                    {f.turn !== null ? `turn ${f.turn}` : 'turn unknown'} ·{' '}
                    <Link href={findingHref(report.run_id, f)} data-testid="rt-finding-link">
                      {f.turn !== null ? `open “${f.test}” at turn ${f.turn}` : `open “${f.test}”`}
                    </Link>
                  </div>
                  <Evidence finding={f} />
                  <KeepAsTest finding={f} agentName={report.agent_name} />
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </section>
  );
}
