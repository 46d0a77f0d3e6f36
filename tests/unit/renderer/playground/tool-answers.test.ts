import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../../src-shared/schemas/index.js';
import { boxText, suggestToolAnswers, toolsCalled } from '../../../../src-renderer/features/playground/tool-answers.js';

const read = (f: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../../../resources/example/${f}`, import.meta.url), 'utf8'));

describe('Try it takes the tool answers from a suite', () => {
  const graph = AgentGraph.parse(read('agent.json'));
  const suite = { id: 'st_1', name: 'Example', data: TestSuite.parse(read('suite.json')) };

  it('finds the tools the example agent calls', () => {
    expect(toolsCalled(graph)).toEqual(expect.arrayContaining(['find_slots', 'book_slot']));
  });

  it('offers the example suite’s first test that mocks the most of them (no dead end on find_slots)', () => {
    const got = suggestToolAnswers(graph, [suite])!;
    expect(got).toMatchObject({ suiteId: 'st_1', testIndex: 0, testName: 'Books the first free slot' });
    expect(got.mocks.map((m) => m.tool)).toEqual(['find_slots', 'book_slot']);
  });

  it('offers nothing when the graph calls no tool or no test mocks one', () => {
    expect(suggestToolAnswers({ nodes: [], tools: [] }, [suite])).toBeNull();
    const none = { ...suite, data: { ...suite.data, tests: suite.data.tests.map((t) => ({ ...t, tool_mocks: [] })) } };
    expect(suggestToolAnswers(graph, [none])).toBeNull();
  });

  it('writes an empty value as an empty box', () => {
    expect(boxText([], [])).toBe('');
    expect(boxText({ a: 1 }, {})).toBe('{\n  "a": 1\n}');
  });
});
