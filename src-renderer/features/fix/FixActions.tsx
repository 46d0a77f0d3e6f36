import { useState } from 'react';
import { FIX_UNTIL, type FixIteration, type FixSession, type FixUntil } from '../../../src-shared/schemas/fix.js';
import { MAX_FIX_ITERATIONS } from '../../../src-shared/limits.js';
import { fixActions } from './fix-view.js';
import type { FixPageState } from './use-fix-page.js';

/** Apply and test, Try again, Auto-fix (iterations, stop condition), Keep this version, Resume. */
export function FixActions({ fix, it, state }: { fix: FixSession; it: FixIteration | undefined; state: FixPageState }) {
  const can = fixActions(fix);
  const [iterations, setIterations] = useState(3);
  const [until, setUntil] = useState<FixUntil>('improved');
  const off = state.pending || !!state.jobId;
  const kept = it?.version_id && fix.kept_version_id === it.version_id;
  return (
    <div className="fix-actions" data-testid="fix-actions">
      {can.apply && state.isLatest && (
        <button className="primary" disabled={off || !state.draft.some((d) => d.keep)} onClick={state.applyAndTest}>
          Apply and test
        </button>
      )}
      {can.retry && (
        <button disabled={off} onClick={state.tryAgain}>
          Try again
        </button>
      )}
      {can.resume && (
        <button disabled={off} onClick={state.resumeFix}>
          Resume
        </button>
      )}
      {it?.version_id && it.outcome !== null && (
        <button disabled={off || !can.keep || !!kept} onClick={() => state.keepVersion(it.version_id!)}>
          {kept ? `v${it.version} kept` : `Keep this version (v${it.version})`}
        </button>
      )}
      {can.auto && (
        <form
          className="fix-auto"
          aria-label="Auto-fix"
          onSubmit={(e) => {
            e.preventDefault();
            state.autoFix(iterations, until);
          }}
        >
          <label>
            Iterations
            <input
              type="number"
              min={1}
              max={MAX_FIX_ITERATIONS}
              value={iterations}
              onChange={(e) => setIterations(Number(e.target.value))}
            />
          </label>
          <label>
            Stop when
            <select value={until} onChange={(e) => setUntil(e.target.value as FixUntil)}>
              {FIX_UNTIL.map((u) => (
                <option key={u} value={u}>
                  {u === 'improved' ? 'the failing tests improve' : 'they all pass'}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={off}>
            Auto-fix
          </button>
        </form>
      )}
    </div>
  );
}
