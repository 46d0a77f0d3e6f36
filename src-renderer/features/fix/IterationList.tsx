import type { FixSession } from '../../../src-shared/schemas/fix.js';
import { baseVersion, OUTCOME_WORDS } from './fix-view.js';

/** Every iteration of the fix, newest last; pick one to see it. */
export function IterationList({
  fix,
  shown,
  onShow,
}: {
  fix: FixSession;
  shown?: number;
  onShow: (n: number) => void;
}) {
  if (fix.iterations.length < 2) return null;
  return (
    <nav className="fix-iterations" aria-label="Iterations">
      <ol>
        {fix.iterations.map((i) => (
          <li key={i.n}>
            <button type="button" aria-current={i.n === shown ? 'step' : undefined} onClick={() => onShow(i.n)}>
              {i.n}. v{baseVersion(fix, i)}
              {i.version ? ` → v${i.version}` : ''}: {i.outcome ? OUTCOME_WORDS[i.outcome] : 'in progress'}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
