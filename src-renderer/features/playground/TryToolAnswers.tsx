import type { TestSuite } from '../../../src-shared/schemas/index.js';
import { SuiteSelect } from '../../ui/SuiteSelect.js';
import { answersOf } from './tool-answers.js';
import { withAnswers, type SetupValues } from './try-setup-form.js';

type Suite = { id: string; name: string; data: TestSuite };

/**
 * What the agent knows about the call and what its tools answer: taken from a test of a suite (the one
 * that mocks the agent's tools is chosen for you), or typed as JSON.
 */
export function TryToolAnswers({
  values,
  onChange,
  suites,
}: {
  values: SetupValues;
  onChange(v: SetupValues): void;
  suites: Suite[] | undefined;
}) {
  const set = (patch: Partial<SetupValues>) => onChange({ ...values, ...patch });
  const from = values.answersFrom;
  const suite = suites?.find((s) => s.id === from?.suiteId);
  const pick = (suiteId: string, testIndex = 0) => {
    const s = suites?.find((x) => x.id === suiteId);
    if (!s?.data.tests.length) return set({ answersFrom: null });
    onChange(withAnswers(values, answersOf(s, testIndex)));
  };
  const typed = values.variables.trim() || values.mocks.trim();
  return (
    <details className="tp-more">
      <summary>
        Variables and tool answers
        {from ? `: from test “${from.testName}”` : typed ? ' (set)' : ''}
      </summary>
      <div className="tp-answers-from">
        <SuiteSelect
          label="Take them from a suite"
          value={from?.suiteId ?? ''}
          onChange={(id) => pick(id)}
          suites={suites}
          emptyLabel="No suite (type them below)"
        />
        {suite && (
          <label>
            Test
            <select
              aria-label="Test whose tool answers to use"
              value={from?.testIndex ?? 0}
              onChange={(e) => pick(suite.id, Number(e.target.value))}
            >
              {suite.data.tests.map((t, i) => (
                <option key={i} value={i}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <label>
        Variables (JSON object: what the agent knows about the call)
        <textarea
          aria-label="Variables JSON"
          className="mono"
          rows={3}
          placeholder='{"patient_name": "Dana"}'
          value={values.variables}
          onChange={(e) => set({ variables: e.target.value, answersFrom: null })}
        />
      </label>
      <label>
        Tool answers (JSON list of mocks; a tool without one gets an error)
        <textarea
          aria-label="Tool answers JSON"
          className="mono"
          rows={3}
          placeholder='[{"tool": "find_slots", "response": {"first_slot": "Tuesday at 10"}}]'
          value={values.mocks}
          onChange={(e) => set({ mocks: e.target.value, answersFrom: null })}
        />
      </label>
    </details>
  );
}
