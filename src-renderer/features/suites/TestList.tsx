import type { TestCaseInput } from '../../../src-shared/schemas/index.js';
import type { ShownError } from '../../ui/widgets.js';
import { callerMode } from './CallerSection.js';
import { testIndexOf } from './suite-form.js';

const CALLER_LABEL = {
  library: 'library persona',
  inline: 'persona',
  prompt: 'instructions',
  script: 'fixed lines',
} as const;

/** The suite's tests, with what each checks and a mark on those with errors. */
export function TestList({
  tests,
  selected,
  errors,
  onSelect,
  onAdd,
  onDuplicate,
  onMove,
  onDelete,
}: {
  tests: TestCaseInput[];
  selected: number;
  errors: ShownError[];
  onSelect: (i: number) => void;
  onAdd: () => void;
  onDuplicate: (i: number) => void;
  onMove: (i: number, d: -1 | 1) => void;
  onDelete: (i: number) => void;
}) {
  const bad = new Set(errors.map((e) => testIndexOf(e.path)).filter((i): i is number => i !== undefined));
  return (
    <nav className="test-list card" aria-label="Tests">
      <div className="test-list-head">
        <strong>Tests ({tests.length})</strong>
        <button type="button" className="small-btn primary" onClick={onAdd}>
          + Add a test
        </button>
      </div>
      <ul>
        {tests.map((t, i) => {
          const checks = [
            (t.metrics ?? []).length && `${(t.metrics ?? []).length} metric${(t.metrics ?? []).length > 1 ? 's' : ''}`,
            (t.includes ?? []).length + (t.excludes ?? []).length + (t.patterns ?? []).length && 'rules',
            (t.tool_mocks ?? []).length &&
              `${(t.tool_mocks ?? []).length} mock${(t.tool_mocks ?? []).length > 1 ? 's' : ''}`,
            t.assertions && 'assertions',
            (t.repeats ?? 1) > 1 && `×${t.repeats}`,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={i} className={i === selected ? 'on' : ''}>
              <button type="button" className="test-item" aria-current={i === selected} onClick={() => onSelect(i)}>
                <span className="test-name">
                  {bad.has(i) && (
                    <span className="err-dot" aria-label="has errors" title="This test has errors">
                      ●
                    </span>
                  )}
                  {t.name || <em>unnamed</em>}
                </span>
                <span className="muted small">
                  {CALLER_LABEL[callerMode(t)]}
                  {checks ? ` · ${checks}` : ''}
                </span>
              </button>
              {i === selected && (
                <div className="test-item-actions">
                  <button
                    type="button"
                    className="ghost small-btn"
                    aria-label="Move test up"
                    disabled={i === 0}
                    onClick={() => onMove(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ghost small-btn"
                    aria-label="Move test down"
                    disabled={i === tests.length - 1}
                    onClick={() => onMove(i, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" className="ghost small-btn" onClick={() => onDuplicate(i)}>
                    Duplicate
                  </button>
                  <button type="button" className="ghost small-btn danger" onClick={() => onDelete(i)}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
