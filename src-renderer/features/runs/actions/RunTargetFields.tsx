import type { Persona, TestSuite } from '../../../../src-shared/schemas/index.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { SuiteSelect, type SuiteChoice } from '../../../ui/SuiteSelect.js';
import { suiteFromRun, type NewRunDraft } from './new-run-form.js';

/** What the run runs: the agent, the suite (or the copy of a run's suite) and the personas crossed with it. */
export function RunTargetFields({
  draft,
  set,
  agents,
  suites,
  personas,
  suiteData,
  fromRun,
  autoFocusAgent,
}: {
  draft: NewRunDraft;
  set(patch: Partial<NewRunDraft>): void;
  agents: { id: string; name: string; version: number }[] | undefined;
  suites: SuiteChoice[] | undefined;
  personas: { id: string; name: string; data: Persona }[] | undefined;
  suiteData: TestSuite | undefined;
  fromRun: { runId: string; suite: TestSuite } | null;
  autoFocusAgent: boolean;
}) {
  const copy = fromRun
    ? [
        {
          value: suiteFromRun(fromRun.runId),
          label: `The tests this run ran: ${fromRun.suite.name || 'its suite'} (${plural(fromRun.suite.tests.length, 'test')}, kept with the run)`,
        },
      ]
    : [];
  return (
    <>
      <div className="grid-2 run-fields">
        <label>
          Agent
          <select
            data-autofocus={autoFocusAgent ? true : undefined}
            value={draft.agent}
            onChange={(e) => set({ agent: e.target.value })}
            aria-label="Agent"
          >
            <option value="">Choose an agent…</option>
            {agents?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} (v{a.version})
              </option>
            ))}
          </select>
          {agents?.length === 0 && <span className="muted small">No agents yet: import one on the Agents page.</span>}
        </label>
        <SuiteSelect
          label="Test suite"
          value={draft.suite}
          onChange={(suite) => set({ suite })}
          suites={suites}
          extra={copy}
          hint={
            suiteData && (
              <span className="muted small" data-testid="suite-tests">
                {suiteData.tests
                  .map((t) => t.name)
                  .slice(0, 4)
                  .join(', ')}
                {suiteData.tests.length > 4 ? '…' : ''}
              </span>
            )
          }
        />
      </div>
      {(personas?.length ?? 0) > 0 && <PersonaMatrix draft={draft} set={set} personas={personas!} suite={suiteData} />}
    </>
  );
}

function PersonaMatrix({
  draft,
  set,
  personas,
  suite,
}: {
  draft: NewRunDraft;
  set(patch: Partial<NewRunDraft>): void;
  personas: { id: string; name: string }[];
  suite: TestSuite | undefined;
}) {
  const chosen = draft.personas;
  return (
    <details className="persona-matrix" open={chosen.length > 0}>
      <summary>Personas × scenarios{chosen.length ? ` (${chosen.length} chosen)` : ''}</summary>
      <p className="muted small">
        Every test (the scenario: goal, checks) runs once with each chosen persona (who calls and how they behave)
        {suite
          ? `: ${plural(suite.tests.filter((t) => !t.caller_script).length, 'test')} × ${chosen.length || '…'} personas`
          : ''}
        . Tests with fixed caller lines run once as they are.
      </p>
      <div className="persona-choices">
        {personas.map((p) => (
          <label key={p.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(p.id)}
              aria-label={`Persona ${p.name}`}
              onChange={(e) =>
                set({ personas: e.target.checked ? [...chosen, p.id] : chosen.filter((x) => x !== p.id) })
              }
            />{' '}
            {p.name}
          </label>
        ))}
      </div>
    </details>
  );
}
