import type { TestCaseInput } from '../../../src-shared/schemas/index.js';
import { Section } from '../../ui/widgets.js';
import { JsonField } from './JsonField.js';
import { TestFlags } from './TestFlags.js';
import { parseVariablesJson } from './suite-form.js';

const num = (v: string) => (v === '' ? undefined : Number(v));

type Set = (patch: Partial<TestCaseInput>) => void;

/** A test's name, how it is judged, its limits and threshold, and its own agent model. */
export function TestBasicsSection({
  test,
  set,
  base,
  errorAt,
  defaults,
}: {
  test: TestCaseInput;
  set: Set;
  base: string;
  errorAt: (path: string) => string | undefined;
  defaults: { metric_threshold: number; max_turns?: number };
}) {
  const nameErr = errorAt(`${base}.name`);
  return (
    <Section title="Test" testId="basics-section">
      <div className="grid-2">
        <label>
          Test name
          <input
            aria-label="Test name"
            value={test.name}
            className={nameErr ? 'invalid' : ''}
            onChange={(e) => set({ name: e.target.value })}
          />
          {nameErr && <span className="field-error">{nameErr}</span>}
        </label>
        <label>
          Judged by
          <select
            aria-label="Judged by"
            value={test.type === 'rule' || test.type === 'unit' ? 'rule' : 'llm'}
            onChange={(e) => set({ type: e.target.value as 'llm' | 'rule' })}
          >
            <option value="llm">Metrics (judge model) and rule checks</option>
            <option value="rule">Rule checks only (no judge model)</option>
          </select>
        </label>
      </div>
      <div className="grid-4">
        <label>
          Max turns
          <input
            type="number"
            min={1}
            max={500}
            aria-label="Max turns"
            value={test.max_turns ?? ''}
            placeholder={String(defaults.max_turns ?? 'engine default')}
            onChange={(e) => set({ max_turns: num(e.target.value) })}
          />
          {errorAt(`${base}.max_turns`) && <span className="field-error">{errorAt(`${base}.max_turns`)}</span>}
        </label>
        <label>
          Repeats
          <input
            type="number"
            min={1}
            max={1000}
            aria-label="Repeats"
            value={test.repeats ?? ''}
            placeholder="1"
            onChange={(e) => set({ repeats: num(e.target.value) })}
          />
          {errorAt(`${base}.repeats`) && <span className="field-error">{errorAt(`${base}.repeats`)}</span>}
        </label>
        <label>
          Metric threshold for this test
          <input
            type="number"
            min={0}
            max={1}
            step={0.05}
            aria-label="Test metric threshold"
            value={test.metric_threshold ?? ''}
            placeholder={String(defaults.metric_threshold)}
            onChange={(e) => set({ metric_threshold: num(e.target.value) })}
          />
          {errorAt(`${base}.metric_threshold`) && (
            <span className="field-error">{errorAt(`${base}.metric_threshold`)}</span>
          )}
        </label>
        <TestFlags test={test} onChange={set} />
      </div>
      <label>
        Agent model for this test
        <input
          aria-label="Agent model for this test"
          value={test.llm_model ?? ''}
          placeholder="the run's agent model"
          onChange={(e) => set({ llm_model: e.target.value.trim() ? e.target.value : undefined })}
        />
        <span className="muted small">
          e.g. ollama:qwen2.5:7b or openai/gpt-4o-mini. Used only when a run turns on the tests' own models.
        </span>
        {errorAt(`${base}.llm_model`) && <span className="field-error">{errorAt(`${base}.llm_model`)}</span>}
      </label>
    </Section>
  );
}

/** The values the agent's prompts read in this test (JSON). */
export function VariablesSection({
  test,
  set,
  base,
  names,
}: {
  test: TestCaseInput;
  set: Set;
  base: string;
  names: string[];
}) {
  return (
    <Section
      title="Dynamic variables"
      testId="variables-section"
      description={
        <>
          Values the agent's prompts read as <code>{'{{name}}'}</code> in this test (they override the agent's
          defaults).
        </>
      }
    >
      {names.length > 0 && <p className="muted small">The agent uses: {names.join(', ')}</p>}
      <JsonField
        path={`${base}.dynamic_variables`}
        label="Variables (JSON object)"
        rows={4}
        value={test.dynamic_variables ?? {}}
        placeholder='{"customer_name": "Ana", "account": {"tier": "gold"}}'
        check={(v) => {
          const r = parseVariablesJson(JSON.stringify(v ?? {}));
          return r.ok ? null : r.errors.map((e) => `${e.path ? `${e.path}: ` : ''}${e.message}`).join('; ');
        }}
        onChange={(v) => set({ dynamic_variables: (v ?? {}) as Record<string, unknown> })}
      />
    </Section>
  );
}
