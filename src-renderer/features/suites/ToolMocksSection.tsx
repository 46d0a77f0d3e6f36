import { useContext, useState } from 'react';
import type { ToolMock } from '../../../src-shared/schemas/index.js';
import type { ToolOption } from '../personas/agent-facts.js';
import { Section } from '../../ui/widgets.js';
import { JsonField, JsonTextsContext, objectCheck } from './JsonField.js';
import { parseToolMocksJson } from './suite-form.js';

type Mock = ToolMock;

/** Canned tool answers for this test: a form per mock, or the whole list as validated JSON. */
export function ToolMocksSection({
  mocks,
  onChange,
  tools,
  errorAt,
  base,
}: {
  mocks: Mock[];
  onChange: (m: Mock[]) => void;
  tools: ToolOption[];
  errorAt: (p: string) => string | undefined;
  base: string;
}) {
  const [raw, setRaw] = useState(false);
  const texts = useContext(JsonTextsContext);
  const customTools = tools.filter((t) => t.kind === 'custom');
  const unmocked = customTools.filter((t) => !mocks.some((m) => m.tool === t.name));
  const set = (i: number, patch: Partial<Mock>) => onChange(mocks.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const switchMode = () => {
    // The other view starts from the current value: drop stale texts of both views.
    for (let i = 0; i < mocks.length + 1; i++)
      for (const f of ['when', 'response']) texts.set(`${base}[${i}].${f}`, undefined);
    texts.set(`${base}`, undefined);
    setRaw(!raw);
  };

  return (
    <Section
      title="Tool mocks"
      testId="mocks-section"
      actions={
        <button type="button" className="small-btn" onClick={switchMode}>
          {raw ? 'Edit as a form' : 'Edit as JSON'}
        </button>
      }
      description="What the agent's tools answer during this test. The first mock whose “when” matches the call's arguments wins; a sequence answers call by call and repeats its last step."
    >
      {raw ? (
        <JsonField
          path={base}
          label="Tool mocks (JSON)"
          rows={12}
          value={mocks}
          hint='A list: [{"tool": "find_slots", "when": {...}, "response": {...}}]'
          check={(v) => {
            const r = parseToolMocksJson(JSON.stringify(v ?? []));
            return r.ok ? null : r.errors.map((e) => `${e.path ? `${e.path}: ` : ''}${e.message}`).join('; ');
          }}
          onChange={(v) => {
            const r = parseToolMocksJson(JSON.stringify(v ?? []));
            if (r.ok) onChange(r.value as Mock[]);
          }}
        />
      ) : (
        <>
          {mocks.length === 0 && (
            <p className="muted">
              No mocks: a tool call without a mock answers with an error, which the agent has to handle.
            </p>
          )}
          {mocks.map((m, i) => {
            const p = `${base}[${i}]`;
            const mode = m.sequence?.length
              ? 'sequence'
              : m.error !== undefined && m.response === undefined
                ? 'error'
                : 'response';
            return (
              <div key={i} className="mock card inner" aria-label={`Mock ${i + 1}`}>
                <div className="row">
                  <label className="grow">
                    Tool
                    <input
                      aria-label={`Mock ${i + 1} tool`}
                      list="agent-tools"
                      value={m.tool}
                      className={errorAt(`${p}.tool`) ? 'invalid' : ''}
                      placeholder="tool name"
                      onChange={(e) => set(i, { tool: e.target.value })}
                    />
                  </label>
                  <label>
                    Answers with
                    <select
                      aria-label={`Mock ${i + 1} answers with`}
                      value={mode}
                      onChange={(e) => {
                        const v = e.target.value;
                        if (v === 'response')
                          set(i, { response: m.response ?? {}, error: undefined, sequence: undefined });
                        if (v === 'error')
                          set(i, { response: undefined, error: m.error ?? 'Service unavailable', sequence: undefined });
                        if (v === 'sequence')
                          set(i, {
                            response: undefined,
                            error: undefined,
                            sequence: m.sequence?.length
                              ? m.sequence
                              : [{ response: m.response ?? {} }, { response: {} }],
                          });
                      }}
                    >
                      <option value="response">a response</option>
                      <option value="error">an error</option>
                      <option value="sequence">a different answer per call</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    className="ghost icon-btn"
                    aria-label={`Remove mock ${i + 1}`}
                    onClick={() => onChange(mocks.filter((_, j) => j !== i))}
                  >
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
                  onChange={(v) => set(i, { when: v as Record<string, unknown> | undefined })}
                  rows={2}
                />
                {mode === 'response' && (
                  <JsonField
                    path={`${p}.response`}
                    label="Response (JSON)"
                    value={m.response}
                    rows={3}
                    placeholder='{"available_count": 2, "first_slot": "Tuesday 10:00"}'
                    onChange={(v) => set(i, { response: v })}
                  />
                )}
                {mode === 'error' && (
                  <label>
                    Error message
                    <input
                      aria-label={`Mock ${i + 1} error`}
                      value={m.error ?? ''}
                      onChange={(e) => set(i, { error: e.target.value })}
                    />
                  </label>
                )}
                {mode === 'sequence' && (
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
                                  set(i, {
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
                              onChange={(v) =>
                                set(i, { sequence: m.sequence!.map((x, y) => (y === k ? { response: v } : x)) })
                              }
                            />
                          )}
                        </div>
                        <button
                          type="button"
                          className="small-btn"
                          onClick={() =>
                            set(i, {
                              sequence: m.sequence!.map((x, y) =>
                                y === k
                                  ? x.error !== undefined
                                    ? { response: {} }
                                    : { error: 'Service unavailable' }
                                  : x,
                              ),
                            })
                          }
                        >
                          {s.error !== undefined ? 'Use a response' : 'Use an error'}
                        </button>
                        <button
                          type="button"
                          className="ghost icon-btn"
                          aria-label={`Remove call ${k + 1} of mock ${i + 1}`}
                          onClick={() => set(i, { sequence: m.sequence!.filter((_, y) => y !== k) })}
                        >
                          ✕
                        </button>
                      </div>
                    ))}
                    <button
                      type="button"
                      className="small-btn"
                      onClick={() => set(i, { sequence: [...(m.sequence ?? []), { response: {} }] })}
                    >
                      + Add a call
                    </button>
                  </div>
                )}
              </div>
            );
          })}
          <datalist id="agent-tools">
            {tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.description}
              </option>
            ))}
          </datalist>
          <div className="row">
            <button type="button" onClick={() => onChange([...mocks, { tool: unmocked[0]?.name ?? '', response: {} }])}>
              + Add a mock
            </button>
            {unmocked.length > 0 && (
              <span className="muted small">
                Tools of the agent without a mock: {unmocked.map((t) => t.name).join(', ')}
              </span>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
