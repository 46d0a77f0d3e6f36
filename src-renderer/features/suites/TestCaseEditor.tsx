import type { AgentGraph, TestCaseInput, ToolMock } from '../../../src-shared/schemas/index.js';
import { graphNodes, graphTools, graphVariables } from '../personas/agent-facts.js';
import { AssertionsSection } from './AssertionsSection.js';
import { CallerSection } from './CallerSection.js';
import { MetricsSection } from './MetricsSection.js';
import { RulesSection } from './RulesSection.js';
import { ToolMocksSection } from './ToolMocksSection.js';
import { TestBasicsSection, VariablesSection } from './TestCaseSections.js';

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

  return (
    <div className="test-editor" aria-label={`Test ${test.name}`}>
      <TestBasicsSection test={test} set={set} base={base} errorAt={errorAt} defaults={defaults} />

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

      <VariablesSection test={test} set={set} base={base} names={vars.map((v) => v.name)} />
    </div>
  );
}
