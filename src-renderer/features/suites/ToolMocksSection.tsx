import { useContext, useState } from 'react';
import type { ToolMock } from '../../../src-shared/schemas/index.js';
import type { ToolOption } from '../personas/agent-facts.js';
import { Section } from '../../ui/widgets.js';
import { JsonField, JsonTextsContext } from './JsonField.js';
import { parseToolMocksJson } from './suite-form.js';
import { ToolMockCard } from './ToolMockCard.js';

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
          {mocks.map((m, i) => (
            <ToolMockCard
              key={i}
              mock={m}
              index={i}
              path={`${base}[${i}]`}
              errorAt={errorAt}
              onChange={(patch) => set(i, patch)}
              onRemove={() => onChange(mocks.filter((_, j) => j !== i))}
            />
          ))}
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
