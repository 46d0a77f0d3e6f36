import type { ReactNode } from 'react';
import { plural } from '../../src-shared/text/plural.js';

/** What a suite choice needs of a stored suite (suites.list's documents). */
export interface SuiteChoice {
  id: string;
  name: string;
  data: { name?: string; tests: unknown[] };
}

/** "Clinic smoke (1 test)": a suite as every suite choice names it. */
export const suiteOptionLabel = (s: SuiteChoice) =>
  `${s.name || s.data.name || s.id} (${plural(s.data.tests.length, 'test')})`;

/**
 * The one suite <select> (New run, Evaluate, Try it's tool answers, Cover the gaps): the stored suites
 * named with their test counts, an empty choice, and `extra` choices before them (e.g. the copy of a
 * run's suite). `hint` goes under the select (what the chosen suite holds, or why there is none).
 */
export function SuiteSelect({
  label,
  value,
  onChange,
  suites,
  emptyLabel = 'Choose a suite…',
  extra = [],
  hint,
  className,
}: {
  label: string;
  value: string;
  onChange(id: string): void;
  suites: SuiteChoice[] | undefined;
  emptyLabel?: string;
  extra?: { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <label className={className}>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
        <option value="">{emptyLabel}</option>
        {extra.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {suites?.map((s) => (
          <option key={s.id} value={s.id}>
            {suiteOptionLabel(s)}
          </option>
        ))}
      </select>
      {suites?.length === 0 && !extra.length && (
        <span className="muted small">No suites yet: create one on the Suites page.</span>
      )}
      {hint}
    </label>
  );
}
