import type { TestCaseInput } from '../../../src-shared/schemas/index.js';

/** A test's on/off settings: two-step judging, and held out of fixing (docs/fix.md). */
export function TestFlags({
  test,
  onChange,
}: {
  test: TestCaseInput;
  onChange: (patch: Partial<TestCaseInput>) => void;
}) {
  return (
    <>
      <label className="check-label">
        <span>
          <input
            type="checkbox"
            checked={!!test.two_step_judge}
            onChange={(e) => onChange({ two_step_judge: e.target.checked || undefined })}
          />{' '}
          Two-step judging
        </span>
        <span className="muted small">Extract facts first, then judge (slower, closer to human review).</span>
      </label>
      <label className="check-label">
        <span>
          <input
            type="checkbox"
            checked={!!test.holdout}
            onChange={(e) => onChange({ holdout: e.target.checked || undefined })}
          />{' '}
          Holdout test
        </span>
        <span className="muted small">
          Never shown to the model that diagnoses and fixes failures; run only at the end of a fix, to show whether the
          fix overfits.
        </span>
      </label>
    </>
  );
}
