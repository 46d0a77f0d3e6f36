import type { FixIteration, FixSession, TestChange } from '../../../src-shared/schemas/fix.js';
import { CHANGE_WORDS, rateText } from './fix-view.js';

const pText = (p: number | null) => (p === null ? '—' : p < 0.001 ? p.toExponential(1) : p.toFixed(3));

export function ChangeRows({ tests, caption, testId }: { tests: TestChange[]; caption: string; testId: string }) {
  return (
    <table className="fix-scores" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>Test</th>
          <th>Before</th>
          <th>After</th>
          <th>Change</th>
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => (
          <tr key={t.test} className={t.change === 'regressed' ? 'is-regression' : ''}>
            <td>{t.test}</td>
            <td>{rateText(t.before)}</td>
            <td>{rateText(t.after)}</td>
            <td>{t.change === 'regressed' ? <strong>regression</strong> : t.change}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Original against new, side by side: the failing tests (Fisher p) and the rest of the suite (regressions). */
export function ScoresSection({ fix, it }: { fix: FixSession; it: FixIteration }) {
  if (!it.targets.length) return null;
  return (
    <div className="fix-results" data-testid="fix-results">
      <table className="fix-scores" data-testid="fix-targets">
        <caption>
          Failing tests: v{fix.start_version} (the run and a baseline re-run) against v{it.version}, {fix.repeats}{' '}
          conversations each
        </caption>
        <thead>
          <tr>
            <th>Test</th>
            <th>Original v{fix.start_version}</th>
            <th>New v{it.version}</th>
            <th>p (Fisher)</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {it.targets.map((t) => (
            <tr key={t.test} className={`is-${t.change}`}>
              <td>{t.test}</td>
              <td>{rateText(t.before)}</td>
              <td>{rateText(t.after)}</td>
              <td>{pText(t.p)}</td>
              <td>
                {CHANGE_WORDS[t.change]}
                {t.all_passed ? ', all passed' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {it.suite?.skipped && <p className="muted small">Regression check skipped: {it.suite.skipped}.</p>}
      {it.suite && !it.suite.skipped && !it.finished_at && !it.suite.tests.length && (
        // the suite's run has started and nothing is judged yet: "no regression in 0 tests" would claim a check
        <p data-testid="regression-check-running" className="muted">
          <strong>Regression check:</strong> running the rest of the suite…
        </p>
      )}
      {it.suite && !it.suite.skipped && (it.finished_at || it.suite.tests.length > 0) && (
        <>
          <p data-testid="regression-check" className={it.suite.regressions.length ? 'error' : ''}>
            <strong>Regression check:</strong>{' '}
            {it.suite.regressions.length
              ? `${it.suite.regressions.length} test(s) that passed now fail: ${it.suite.regressions.join(', ')}`
              : `no regression in ${it.suite.tests.length} other test(s)`}
          </p>
          <ChangeRows
            tests={it.suite.tests}
            caption="The rest of the suite against the starting run"
            testId="fix-suite"
          />
        </>
      )}
    </div>
  );
}
