import type { LintReport } from '../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { lintGraph } from '../../analysis/lint.js';
import type { Store } from '../../store/index.js';
import { requireSuite } from '../refs/refs.js';

export interface LintRequest {
  graph: AgentGraph;
  /** Suites whose tool mocks and dynamic variables count; absent: every stored suite. */
  suite_ids?: string[];
  prompt_budget?: number;
}

/** The lint checklist of a graph (saved or a draft), read against the stored suites. */
export function lintAgentGraph(store: Store, req: LintRequest): LintReport {
  const suites = req.suite_ids
    ? req.suite_ids.map((id, i) => requireSuite(store, id, `suite_ids[${i}]`).data)
    : store.suites.list().map((s) => s.data);
  const report = lintGraph(req.graph, { suites: suites.length ? suites : undefined, promptBudget: req.prompt_budget });
  return { ...report, suites_checked: suites.length };
}
