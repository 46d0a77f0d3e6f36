import { differencePhrases, type ConfigDifference, type ConfigSpread } from './run-config.js';

/**
 * Which figures of a comparison can be read as a change of the agent (issue 24). A judge that changed
 * (its model or its parameters) scores differently: the metric deltas would be the judge's, so they
 * are not given. A caller that changed drives the conversations differently: the caller-driven
 * figures (turns per conversation, caller fidelity) would be the caller's. Pure.
 */
export interface Comparability {
  /** The judge's model or parameters differ. */
  judge_changed: boolean;
  /** The simulated caller's model or parameters differ. */
  caller_changed: boolean;
  /** false when the judge changed: metric score deltas (totals, per metric, per test, per turn) are not given. */
  scores_comparable: boolean;
  /** false when the caller changed: turns and caller fidelity deltas are not given. */
  caller_figures_comparable: boolean;
  /** One sentence per reason, e.g. "judge changed: scores not comparable (judge model x -> y)". */
  notes: string[];
}

import { CALLER_CHANGED, JUDGE_CHANGED, JUDGE_CHANGED_VERDICTS } from '../../src-shared/contract/compare-shapes.js';

export { CALLER_CHANGED, JUDGE_CHANGED, JUDGE_CHANGED_VERDICTS };

type Tagged = Pick<ConfigDifference, 'role' | 'kind'>;
const changes = (diffs: Tagged[], role: 'judge' | 'caller') =>
  diffs.filter((d) => d.role === role && (d.kind === 'model' || d.kind === 'parameter'));

export function comparability(diffs: (ConfigDifference | ConfigSpread)[]): Comparability {
  const judge = changes(diffs, 'judge');
  const caller = changes(diffs, 'caller');
  const what = (ds: Tagged[]) =>
    ds.every((d): d is ConfigDifference => 'a' in d)
      ? differencePhrases(ds).join('; ')
      : (ds as ConfigSpread[]).map((d) => `${d.field} ${d.values.join(' / ')}`).join('; ');
  return {
    judge_changed: judge.length > 0,
    caller_changed: caller.length > 0,
    scores_comparable: !judge.length,
    caller_figures_comparable: !caller.length,
    notes: [
      ...(judge.length ? [`${JUDGE_CHANGED} (${what(judge)})`, JUDGE_CHANGED_VERDICTS] : []),
      ...(caller.length ? [`caller changed: turns and caller fidelity not comparable (${what(caller)})`] : []),
    ],
  };
}
