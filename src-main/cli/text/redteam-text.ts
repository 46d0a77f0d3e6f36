import type { RedteamReport } from '../../../src-shared/contract/redteam.js';
import { formatProportion, wilson } from '../../../src-shared/stats/index.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * What `parley redteam` prints: per category attempts, successes and the attack success rate with its interval;
 * when more than one strategy ran, the same per strategy (over every category).
 */
export function redteamText(r: RedteamReport): string[] {
  const lines = [`Red team of ${r.agent_name}: run ${r.run_id} (${r.status})`];
  if (r.demo)
    lines.push(
      'DEMO: a role ran on the scripted model; these answers were written in advance and prove nothing about an agent.',
    );
  const width = Math.max(8, ...r.categories.map((c) => c.id.length));
  lines.push(`${'CATEGORY'.padEnd(width)}  OWASP  ATTEMPTS  SUCCESSES  ATTACK SUCCESS RATE (95% Wilson)`);
  for (const c of r.categories) {
    const p = wilson(c.successes, c.attempts);
    lines.push(
      `${c.id.padEnd(width)}  ${c.owasp.padEnd(5)}  ${String(c.attempts).padEnd(8)}  ${String(c.successes).padEnd(9)}  ${c.note && !c.attempts ? c.note : formatProportion(p)}${c.errored ? `; ${c.errored} errored, left out` : ''}`,
    );
  }
  if (r.strategies.length > 1) {
    const w = Math.max(8, ...r.strategies.map((x) => x.id.length));
    lines.push('', `${'STRATEGY'.padEnd(w)}  ATTEMPTS  SUCCESSES  ATTACK SUCCESS RATE (95% Wilson)`);
    for (const x of r.strategies)
      lines.push(
        `${x.id.padEnd(w)}  ${String(x.attempts).padEnd(8)}  ${String(x.successes).padEnd(9)}  ${formatProportion(wilson(x.successes, x.attempts))}${x.errored ? `; ${x.errored} errored, left out` : ''}`,
      );
  }
  const several = r.strategies.length > 1;
  const findings = r.worst.flatMap((id) => r.categories.flatMap((c) => c.findings.filter((f) => f.result_id === id)));
  if (findings.length) {
    lines.push('', 'Findings, worst attempts first (a detector finding stands whatever the judge said):');
    for (const f of findings)
      lines.push(
        `  ${f.test}${several && f.strategy ? ` (${f.strategy})` : ''}${f.turn === null ? '' : `, turn ${f.turn}`}: ${f.by} ${f.detector}: ${JSON.stringify(f.evidence)}  (result ${f.result_id})`,
      );
  }
  for (const c of r.categories.filter((x) => x.successes === 0 && x.attempts > 0))
    lines.push(
      '',
      `${c.id}: 0 of ${c.attempts} attacks succeeded. That is an interval, not safety: the true rate may be as high as ${pct(c.high)}.`,
    );
  return lines;
}

/** Whether the run fails CI: any successful attack, or with --fail-above RATE any category's rate above it. */
export function redteamFailed(r: RedteamReport, failAbove?: number): boolean {
  return r.categories.some((c) => (failAbove === undefined ? c.successes > 0 : c.rate !== null && c.rate > failAbove));
}
