import { SuiteSelect, type SuiteChoice } from './SuiteSelect.js';

/** The choice value that means "a new suite" (never a stored suite's id). */
export const NEW_SUITE = '__new__';

/** Where a save goes, as the save methods take it: a stored suite, or a new one by name. */
export function suiteTarget(chosen: string, newSuite: string): { suite_id: string } | { new_suite: string } {
  return chosen === NEW_SUITE ? { new_suite: newSuite } : { suite_id: chosen };
}

/**
 * The "pick a suite or make a new one" part of a save form (Try it's Save as test, the Red team page's
 * Keep as a test): the one suite select with "A new suite…" first, and the new suite's name when chosen.
 */
export function SuiteOrNew({
  value,
  onChange,
  suites,
  newSuite,
  onNewSuite,
}: {
  value: string;
  onChange(id: string): void;
  suites: SuiteChoice[] | undefined;
  newSuite: string;
  onNewSuite(name: string): void;
}) {
  return (
    <>
      <SuiteSelect
        label="Suite"
        value={value}
        onChange={onChange}
        suites={suites}
        extra={[{ value: NEW_SUITE, label: 'A new suite…' }]}
      />
      {value === NEW_SUITE && (
        <label>
          New suite name <input value={newSuite} onChange={(e) => onNewSuite(e.target.value)} required />
        </label>
      )}
    </>
  );
}
