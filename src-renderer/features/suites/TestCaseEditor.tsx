import type { AgentGraph, TestCaseInput, ToolMock } from '../../../src-shared/schemas/index.js';
import { graphNodes, graphTools, graphVariables } from '../personas/agent-facts.js';
import { Section } from '../../ui/widgets.js';
import { AssertionsSection } from './AssertionsSection.js';
import { CallerSection } from './CallerSection.js';
import { JsonField } from './JsonField.js';
import { MetricsSection } from './MetricsSection.js';
import { RulesSection } from './RulesSection.js';
import { ToolMocksSection } from './ToolMocksSection.js';
import { TestFlags } from './TestFlags.js';
import { parseVariablesJson } from './suite-form.js';

const num = (v: string) => (v === '' ? undefined : Number(v));

/** Every field of one test case, as forms (JSON only where the value is free-form). */
export function TestCaseEditor({
  test,
  index,
  onChange,
  graph,
  errorAt,
  defaults,
}: {
  test: TestCaseInput;
  index: number;
  onChange: (t: TestCaseInput) => void;
  graph: AgentGraph | undefined;
  errorAt: (path: string) => string | undefined;
  defaults: { metric_threshold: number; max_turns?: number };
}) {
  const base = `tests[${index}]`;
  const set = (patch: Partial<TestCaseInput>) => {
    const next: Record<string, unknown> = { ...test, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    onChange(next as TestCaseInput);
  };
  const nodes = graphNodes(graph);
  const tools = graphTools(graph);
  const vars = graphVariables(graph);
  const nameErr = errorAt(`${base}.name`);

  return (
    <div className="test-editor" aria-label={`Test ${test.name}`}>
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

      <CallerSection test={test} onChange={set} suggestions={vars} errorAt={errorAt} base={base} />

      {test.type !== 'rule' && test.type !== 'unit' && (
        <MetricsSection
          metrics={test.metrics ?? []}
          onChange={(metrics) => set({ metrics })}
          defaultThreshold={test.metric_threshold ?? defaults.metric_threshold}
          errorAt={errorAt}
          base={`${base}.metrics`}
        />
      )}

      <RulesSection
        includes={test.includes ?? []}
        excludes={test.excludes ?? []}
        patterns={test.patterns ?? []}
        onChange={set}
        errorAt={errorAt}
        base={base}
      />

      <ToolMocksSection
        mocks={(test.tool_mocks ?? []) as ToolMock[]}
        onChange={(tool_mocks) => set({ tool_mocks })}
        tools={tools}
        errorAt={errorAt}
        base={`${base}.tool_mocks`}
      />

      <AssertionsSection
        assertions={test.assertions}
        onChange={(assertions) => set({ assertions })}
        nodes={nodes}
        tools={tools}
        errorAt={errorAt}
        base={`${base}.assertions`}
      />

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
        {vars.length > 0 && <p className="muted small">The agent uses: {vars.map((v) => v.name).join(', ')}</p>}
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
    </div>
  );
}
