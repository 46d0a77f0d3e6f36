import { useState } from 'react';
import { Link } from 'wouter';
import type { PlaygroundState } from '../../../src-shared/contract/playground.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { NEW_SUITE, SuiteOrNew, suiteTarget } from '../../ui/SuiteOrNew.js';

/** A default test name from the caller's first line: "Try it: I need an appointment…". */
function defaultName(state: PlaygroundState): string {
  const first = state.transcript.find((t) => t.role === 'caller')?.content ?? '';
  const short = first.length > 40 ? `${first.slice(0, 40).trimEnd()}…` : first;
  return short ? `Try it: ${short}` : 'Try it';
}

/**
 * Keeping a Try-it conversation: "Save as test" (the caller's lines as a caller_script test with the
 * variables and start node, into a suite or a new one) and "Save as run" (stored like an imported call,
 * so it can be judged with Evaluate and compared).
 */
export function TrySave({ state }: { state: PlaygroundState }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [suite, setSuite] = useState('');
  const [newSuite, setNewSuite] = useState(`${state.agent_name} (from Try it)`);
  const suites = useApi('suites.list', {}, { enabled: open });
  const saveTest = useApiMutation('playground.saveTest', ['suites.list', 'suites.get']);
  const saveRun = useApiMutation('playground.saveRun', ['runs.list']);
  const said = state.transcript.some((t) => t.role === 'caller');
  const chosen = suite || (suites.data?.length ? suites.data[0].id : NEW_SUITE);
  const unsaved = state.version_id === null;
  return (
    <div className="tp-save" data-testid="try-save">
      <div className="tp-save__buttons">
        <button
          type="button"
          className="small"
          disabled={!said}
          title={said ? undefined : 'Say something as the caller first'}
          onClick={() => {
            setOpen((o) => !o);
            setName((n) => n || defaultName(state));
          }}
        >
          Save as test…
        </button>
        <button
          type="button"
          className="small"
          disabled={!state.transcript.length || unsaved || saveRun.isPending}
          title={
            unsaved
              ? 'This is an unsaved draft of the agent: save the agent to keep the conversation as a run'
              : 'Keep this conversation as a run of this agent version (judge it with Evaluate, compare it)'
          }
          onClick={() => saveRun.mutate({ session_id: state.session_id, name: defaultName(state) })}
        >
          Save as run
        </button>
      </div>
      {open && (
        <form
          className="tp-save__form"
          aria-label="Save as test"
          onSubmit={(e) => {
            e.preventDefault();
            saveTest.mutate({
              session_id: state.session_id,
              name,
              ...suiteTarget(chosen, newSuite),
            });
          }}
        >
          <label>
            Test name <input value={name} onChange={(e) => setName(e.target.value)} required />
          </label>
          <SuiteOrNew
            value={chosen}
            onChange={setSuite}
            suites={suites.data}
            newSuite={newSuite}
            onNewSuite={setNewSuite}
          />
          <p className="muted small">
            The caller&apos;s {state.transcript.filter((t) => t.role === 'caller').length} line(s) become the
            test&apos;s caller script, with this conversation&apos;s variables
            {state.start_node ? ' and start node' : ''}; add metrics or checks to it on the suite page.
          </p>
          <button type="submit" className="small primary" disabled={saveTest.isPending}>
            Save test
          </button>
        </form>
      )}
      {saveTest.data && (
        <div className="tp-save__done" role="status">
          Saved “{saveTest.data.test.name}” to{' '}
          <Link href={`/suites/${saveTest.data.suite_id}`}>{saveTest.data.suite_name}</Link>.
        </div>
      )}
      {saveRun.data && (
        <div className="tp-save__done" role="status">
          Kept as <Link href={`/runs/${saveRun.data.run_id}`}>run {saveRun.data.run_id}</Link>: judge it with Evaluate…
          there, or compare it.
        </div>
      )}
      <ErrorBox error={saveTest.error ?? saveRun.error} />
    </div>
  );
}
