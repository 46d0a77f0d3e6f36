import type { ToolMock } from '../../../src-shared/schemas/index.js';
import { JsonField, objectCheck } from './JsonField.js';
import { flipStep, inMode, modeOf, type MockMode } from './tool-mock-form.js';

type Set = (patch: Partial<ToolMock>) => void;

/** One tool mock as a form: the tool, when it answers, and its answer (a response, an error, or one per call). */
export function ToolMockCard({
  mock: m,
  index: i,
  path: p,
  errorAt,
  onChange: set,
  onRemove,
}: {
  mock: ToolMock;
  index: number;
  path: string;
  errorAt: (p: string) => string | undefined;
  onChange: Set;
  onRemove(): void;
}) {
  const mode = modeOf(m);
  return (
    <div className="mock card inner" aria-label={`Mock ${i + 1}`}>
      <div className="row">
        <label className="grow">
          Tool
          <input
            aria-label={`Mock ${i + 1} tool`}
            list="agent-tools"
            value={m.tool}
            className={errorAt(`${p}.tool`) ? 'invalid' : ''}
            placeholder="tool name"
            onChange={(e) => set({ tool: e.target.value })}
          />
        </label>
        <label>
          Answers with
          <select
            aria-label={`Mock ${i + 1} answers with`}
            value={mode}
            onChange={(e) => set(inMode(m, e.target.value as MockMode))}
          >
            <option value="response">a response</option>
            <option value="error">an error</option>
            <option value="sequence">a different answer per call</option>
          </select>
        </label>
        <button type="button" className="ghost icon-btn" aria-label={`Remove mock ${i + 1}`} onClick={onRemove}>
          ✕
        </button>
      </div>
      {errorAt(`${p}.tool`) && <div className="field-error">{errorAt(`${p}.tool`)}</div>}
      {errorAt(p) && <div className="field-error">{errorAt(p)}</div>}
      <JsonField
        path={`${p}.when`}
        label="Only when the arguments include (optional)"
        value={m.when}
        check={objectCheck}
        placeholder='{"date_of_birth": "1985-01-15"}'
        onChange={(v) => set({ when: v as Record<string, unknown> | undefined })}
        rows={2}
      />
      {mode === 'response' && (
        <JsonField
          path={`${p}.response`}
          label="Response (JSON)"
          value={m.response}
          rows={3}
          placeholder='{"available_count": 2, "first_slot": "Tuesday 10:00"}'
          onChange={(v) => set({ response: v })}
        />
      )}
      {mode === 'error' && (
        <label>
          Error message
          <input
            aria-label={`Mock ${i + 1} error`}
            value={m.error ?? ''}
            onChange={(e) => set({ error: e.target.value })}
          />
        </label>
      )}
      {mode === 'sequence' && <MockSequence mock={m} index={i} path={p} set={set} />}
    </div>
  );
}

/** "A different answer per call": each call's response or error; the last repeats. */
function MockSequence({ mock: m, index: i, path: p, set }: { mock: ToolMock; index: number; path: string; set: Set }) {
  return (
    <div className="sequence">
      {(m.sequence ?? []).map((s, k) => (
        <div key={k} className="row seq-step">
          <span className="muted small step-no">
            Call {k + 1}
            {k === (m.sequence?.length ?? 0) - 1 ? ' and later' : ''}
          </span>
          <div className="grow">
            {s.error !== undefined ? (
              <label>
                Error
                <input
                  aria-label={`Mock ${i + 1} call ${k + 1} error`}
                  value={s.error}
                  onChange={(e) =>
                    set({
                      sequence: m.sequence!.map((x, y) => (y === k ? { error: e.target.value } : x)),
                    })
                  }
                />
              </label>
            ) : (
              <JsonField
                path={`${p}.sequence[${k}].response`}
                label={`Call ${k + 1} response`}
                value={s.response}
                rows={2}
                onChange={(v) => set({ sequence: m.sequence!.map((x, y) => (y === k ? { response: v } : x)) })}
              />
            )}
          </div>
          <button type="button" className="small-btn" onClick={() => set({ sequence: flipStep(m.sequence!, k) })}>
            {s.error !== undefined ? 'Use a response' : 'Use an error'}
          </button>
          <button
            type="button"
            className="ghost icon-btn"
            aria-label={`Remove call ${k + 1} of mock ${i + 1}`}
            onClick={() => set({ sequence: m.sequence!.filter((_, y) => y !== k) })}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small-btn"
        onClick={() => set({ sequence: [...(m.sequence ?? []), { response: {} }] })}
      >
        + Add a call
      </button>
    </div>
  );
}
