import type { AgentGraph, TestCase } from '../../../src-shared/schemas/index.js';

/** Where Try it's tool answers (and variables) came from: one test of a stored suite. */
export interface ToolAnswersSource {
  suiteId: string;
  suiteName: string;
  testIndex: number;
  testName: string;
  mocks: TestCase['tool_mocks'];
  variables: Record<string, unknown>;
}

interface SuiteLike {
  id: string;
  name: string;
  data: { tests: Pick<TestCase, 'name' | 'tool_mocks' | 'dynamic_variables'>[] };
}

/** The tools an agent graph calls: its function nodes' tools and its declared custom tools. */
export function toolsCalled(graph: Pick<AgentGraph, 'nodes' | 'tools'> | undefined): string[] {
  const fromNodes = (graph?.nodes ?? []).flatMap((n) => (n.type === 'function' ? [n.tool] : []));
  const declared = (graph?.tools ?? []).filter((t) => t.kind === 'custom').map((t) => t.name);
  return [...new Set([...fromNodes, ...declared])];
}

/** One test's answers, as Try it takes them. */
export function answersOf(suite: SuiteLike, testIndex: number): ToolAnswersSource {
  const t = suite.data.tests[testIndex];
  return {
    suiteId: suite.id,
    suiteName: suite.name,
    testIndex,
    testName: t.name,
    mocks: t.tool_mocks ?? [],
    variables: (t.dynamic_variables ?? {}) as Record<string, unknown>,
  };
}

/**
 * The test whose tool mocks answer the most of the tools the graph calls (the first such test, in the
 * order the suites are given), so Try it does not dead-end on the first tool call ("no mock for tool
 * find_slots") when a suite already says what the tools answer. Null when no test mocks any of them.
 */
export function suggestToolAnswers(
  graph: Parameters<typeof toolsCalled>[0],
  suites: SuiteLike[],
): ToolAnswersSource | null {
  const tools = new Set(toolsCalled(graph));
  if (!tools.size) return null;
  let best: { suite: SuiteLike; index: number; covered: number } | null = null;
  for (const suite of suites)
    suite.data.tests.forEach((t, index) => {
      const covered = new Set((t.tool_mocks ?? []).map((m) => m.tool).filter((name) => tools.has(name))).size;
      if (covered && (!best || covered > best.covered)) best = { suite, index, covered };
    });
  const found = best as { suite: SuiteLike; index: number } | null;
  return found ? answersOf(found.suite, found.index) : null;
}

/** The JSON text of the answers, as the setup's boxes hold it ('' for none). */
export const boxText = (v: unknown, empty: unknown) =>
  JSON.stringify(v) === JSON.stringify(empty) ? '' : JSON.stringify(v, null, 2);
