import { useEffect, useState } from 'react';
import type { LintFinding } from '../../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { useApi } from '../../../api/hooks.js';
import { idsTip, inNodeNames } from '../model/labels.js';
import type { CheckPick } from './use-snippets.js';

/** The value a moment after it stops changing (the checklist follows typing without a call per key). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const RULE_LABEL: Record<LintFinding['rule'], string> = {
  unreachable: 'Unreachable',
  dead_end: 'Dead end',
  identical_conditions: 'Identical conditions',
  used_before_set: 'Read before set',
  never_set: 'Never set',
  unread_extract: 'Unread variable',
  unmocked_tool: 'No mock',
  global_without_go_back: 'No go-back',
  prompt_over_budget: 'Long prompt',
};

/** The lint checklist of the graph as it is being edited: click a finding to jump to its node or edge. */
export function LintChecklist({ graph, onPick }: { graph: AgentGraph; onPick(f: CheckPick): void }) {
  const settled = useSettled(graph);
  const lint = useApi('analysis.lint', { graph: settled }, { placeholderData: (prev) => prev });
  const findings = lint.data?.findings ?? [];
  return (
    <>
      <div className="ge-inspector__title">Checklist</div>
      {lint.error ? (
        <p className="error small">Checks failed: {(lint.error as Error).message}</p>
      ) : !lint.data ? (
        <p className="muted small">Checking…</p>
      ) : !findings.length ? (
        <p className="muted small" data-testid="lint-clean">
          Nothing to flag.
        </p>
      ) : (
        <ul className="ge-problems__list">
          {findings.map((f, k) => (
            <li key={k}>
              <button
                type="button"
                className={`ge-problem is-${f.severity === 'warning' ? 'warning' : 'info'}`}
                onClick={() => onPick(f)}
                data-testid="lint-finding"
                data-rule={f.rule}
                title={idsTip(f, graph?.nodes ?? [])}
              >
                <span className="ge-problem__sev">{RULE_LABEL[f.rule]}</span>
                <span>{inNodeNames(f.message, graph?.nodes ?? [])}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {lint.data?.skipped.map((s) => (
        <p key={s.rule} className="muted small">
          Not checked ({RULE_LABEL[s.rule]}): {s.why}.
        </p>
      ))}
    </>
  );
}
