import type { ReactNode } from 'react';

/**
 * One proposed test under review (Cover the gaps, Tests from calls): keep it or not, its name, what it aims at
 * (the caller's `children`), and the caller's goal when the test brings its own persona.
 */
export function ProposedTestCard({
  index,
  name,
  keep,
  goal,
  goalLabel = 'Caller goal',
  testId,
  onChange,
  children,
}: {
  /** From 0; the labels count from 1. */
  index: number;
  name: string;
  keep: boolean;
  /** The inline persona's goal; no goal field when the test uses a persona of the library. */
  goal?: string;
  goalLabel?: ReactNode;
  testId: string;
  onChange(patch: { keep?: boolean; name?: string; goal?: string }): void;
  children?: ReactNode;
}) {
  return (
    <li className={`card generated ${keep ? '' : 'dropped'}`} data-testid={testId}>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={keep}
          onChange={(e) => onChange({ keep: e.target.checked })}
          aria-label={`Keep ${name}`}
        />
        <input
          aria-label={`Name of test ${index + 1}`}
          value={name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </label>
      {children}
      {goal !== undefined && (
        <label className="small">
          {goalLabel}
          <textarea
            rows={3}
            aria-label={`Goal of test ${index + 1}`}
            value={goal}
            onChange={(e) => onChange({ goal: e.target.value })}
          />
        </label>
      )}
    </li>
  );
}
