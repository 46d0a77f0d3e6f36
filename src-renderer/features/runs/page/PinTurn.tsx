import { useState } from 'react';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { errorText } from '../../../ui/widgets.js';
import { turnNumber } from '../../../../src-shared/text/turn-number.js';

/**
 * "Make a test from this turn" on an agent turn of a stored result (issue 34): the turn as a checkpoint test
 * (app/runs/pin.ts, the same as `parley pin`): the history before it, the node and variables, and what happened
 * as expectation. The dialog shows the test's JSON and what could not be taken as it was; "Add to suite"
 * adds it to the run's stored suite.
 */
export function PinTurnButton({ runId, resultId, index }: { runId: string; resultId: string; index: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button small"
        data-testid="pin-turn"
        title="A checkpoint test: this moment of the conversation, and what the agent did next as the expectation"
        onClick={() => setOpen(true)}
      >
        Make a test from this turn
      </button>
      {open && (
        <PinTurnDialog runId={runId} resultId={resultId} turn={turnNumber(index)} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function PinTurnDialog({
  runId,
  resultId,
  turn,
  onClose,
}: {
  runId: string;
  resultId: string;
  turn: number;
  onClose: () => void;
}) {
  const pinned = useApi('runs.pin', { run_id: runId, result_id: resultId, turn });
  const run = useApi('runs.get', { id: runId });
  const add = useApiMutation('runs.pin', ['suites.get', 'suites.list']);
  const suiteId = run.data?.run.suite_id ?? null;
  const json = pinned.data ? JSON.stringify(pinned.data.test, null, 2) : '';
  return (
    <Dialog
      title={`A checkpoint test from turn ${turn}`}
      description="The conversation up to this turn, the node and variables the agent had, and what it did next as the expectation. Edit the expectation to what should have happened: the test fails until the agent does it."
      size="wide"
      testId="pin-turn-dialog"
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Close
          </button>
          {json && (
            <button type="button" onClick={() => void navigator.clipboard?.writeText(json)}>
              Copy JSON
            </button>
          )}
          {suiteId && json && (
            <button
              type="button"
              className="primary"
              data-testid="pin-add"
              disabled={add.isPending || !!add.data}
              onClick={() => add.mutate({ run_id: runId, result_id: resultId, turn, suite_id: suiteId })}
            >
              {add.data ? 'Added' : `Add to suite ${run.data?.run.suite_name || suiteId}`}
            </button>
          )}
        </>
      }
    >
      {pinned.error && (
        <div className="error-box" role="alert">
          {errorText(pinned.error)}
        </div>
      )}
      {pinned.isLoading && <div className="muted small">Making the test…</div>}
      {add.data?.added && (
        <div className="muted small" role="status" data-testid="pin-added">
          Added to the suite as “{add.data.added.name}”.
        </div>
      )}
      {add.error && (
        <div className="error-box" role="alert">
          {errorText(add.error)}
        </div>
      )}
      {!suiteId && run.data && (
        <div className="muted small">This run has no stored suite: copy the JSON into a suite file.</div>
      )}
      {pinned.data?.notes.map((n) => (
        <div key={n} className="muted small" data-testid="pin-note">
          Note: {n}
        </div>
      ))}
      {json && (
        <pre className="pin-json" data-testid="pin-json">
          {json}
        </pre>
      )}
    </Dialog>
  );
}
