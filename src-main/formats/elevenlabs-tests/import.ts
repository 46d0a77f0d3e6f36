import { z } from 'zod';
import type { CheckpointExpect, CheckpointMessage, TestCaseInput } from '../../../src-shared/schemas/index.js';
import { isPlainObject } from '../shared/stable-json.js';
import { SourcePaths } from '../shared/source-paths.js';
import type { ImportContext, SuiteImporter } from '../types.js';

/**
 * ElevenLabs agent tests as checkpoint tests (issue 34): `chat_history` (user and agent messages) is the
 * history; an `llm` test's success condition, with its success and failure examples, is one metric on the
 * agent's next reply; a `tool` test's `tool_call_parameters` the expected tool call (`exact` parameter checks as
 * arguments). `dynamic_variables` are the test's variables. A file is one test, a JSON array of them, or
 * `{"tests": [...]}` of them. What is not mapped is warned with its JSON path.
 */

const Turn = z.looseObject({ role: z.enum(['user', 'agent']), message: z.string().nullable().optional() });
const ElTest = z.looseObject({
  type: z.enum(['llm', 'tool', 'simulation']).optional(),
  name: z.string().optional(),
  chat_history: z.array(Turn),
});

const isElTest = (v: unknown) =>
  isPlainObject(v) &&
  Array.isArray(v.chat_history) &&
  ('success_condition' in v || 'tool_call_parameters' in v || 'success_examples' in v);
const listOf = (json: unknown): unknown[] | undefined =>
  Array.isArray(json) ? json : isPlainObject(json) && Array.isArray(json.tests) ? json.tests : undefined;

export const elevenlabsTestsImporter: SuiteImporter = {
  id: 'elevenlabs-tests',
  detect: (json) => isElTest(json) || (!!listOf(json)?.length && listOf(json)!.every(isElTest)),
  schema: (json) =>
    Array.isArray(json)
      ? z.array(ElTest)
      : isPlainObject(json) && 'tests' in json
        ? z.looseObject({ tests: z.array(ElTest) })
        : ElTest,
  import(json, ctx) {
    const list = isElTest(json) ? [json] : listOf(json)!;
    const prefix = Array.isArray(json)
      ? (i: number) => `[${i}]`
      : isElTest(json)
        ? () => ''
        : (i: number) => `tests[${i}]`;
    const tests = list.flatMap((t, i) => testOf(t as Record<string, unknown>, prefix(i), ctx));
    if (!tests.length) ctx.error('', 'no llm or tool test to import');
    ctx.paths = SourcePaths.identity('');
    return { name: 'ElevenLabs agent tests', tests, source_meta: { format: 'elevenlabs-tests' } };
  },
};

const KNOWN = [
  'type',
  'name',
  'chat_history',
  'success_condition',
  'success_examples',
  'failure_examples',
  'tool_call_parameters',
  'dynamic_variables',
  'id',
];

function examples(v: unknown): string[] {
  return (Array.isArray(v) ? v : [])
    .map((e) =>
      isPlainObject(e) && typeof e.response === 'string' ? e.response : typeof e === 'string' ? e : undefined,
    )
    .filter((x): x is string => !!x);
}

function testOf(t: Record<string, unknown>, base: string, ctx: ImportContext): TestCaseInput[] {
  const at = (k: string) => (base ? `${base}.${k}` : k);
  const type = t.type ?? ('tool_call_parameters' in t ? 'tool' : 'llm');
  if (type === 'simulation') {
    ctx.warn(at('type'), 'not mapped: a simulation test (import it as an ordinary simulated test by hand)');
    return [];
  }
  const transcript: CheckpointMessage[] = [];
  (t.chat_history as Record<string, unknown>[]).forEach((m, j) => {
    if (typeof m.message === 'string' && m.message)
      transcript.push({ role: m.role === 'user' ? 'caller' : 'agent', content: m.message });
    if (Array.isArray(m.tool_calls) && m.tool_calls.length)
      ctx.warn(at(`chat_history[${j}].tool_calls`), 'not mapped: tool calls inside the chat history');
  });
  const expect: CheckpointExpect = {};
  if (type === 'llm') {
    const condition = typeof t.success_condition === 'string' ? t.success_condition : '';
    if (!condition) {
      ctx.error(at('success_condition'), 'an llm test needs a success_condition');
      return [];
    }
    const good = examples(t.success_examples);
    const bad = examples(t.failure_examples);
    const criterion = [
      condition,
      ...(good.length ? [`Replies like these pass: ${good.map((g) => JSON.stringify(g)).join('; ')}.`] : []),
      ...(bad.length ? [`Replies like these fail: ${bad.map((g) => JSON.stringify(g)).join('; ')}.`] : []),
    ].join(' ');
    expect.metrics = [{ criterion }];
  } else {
    const params = isPlainObject(t.tool_call_parameters) ? t.tool_call_parameters : {};
    const ref = isPlainObject(params.referenced_tool) ? params.referenced_tool : {};
    const name = typeof ref.name === 'string' ? ref.name : typeof ref.id === 'string' ? ref.id : undefined;
    if (!name) {
      ctx.error(at('tool_call_parameters.referenced_tool'), 'a tool test needs referenced_tool with its id (or name)');
      return [];
    }
    if (typeof ref.name !== 'string')
      ctx.warn(
        at('tool_call_parameters.referenced_tool.id'),
        `the tool id is used as the tool name: rename it to the agent's tool name if they differ`,
      );
    const args: Record<string, unknown> = {};
    (Array.isArray(params.parameters) ? params.parameters : []).forEach((p: unknown, k: number) => {
      const e = isPlainObject(p) && isPlainObject(p.eval) ? p.eval : undefined;
      const path = isPlainObject(p) && typeof p.path === 'string' ? p.path : undefined;
      if (path && e?.type === 'exact' && 'expected_value' in e) args[path] = e.expected_value;
      else if (path && e?.type === 'exact' && 'value' in e) args[path] = e.value;
      else
        ctx.warn(
          at(`tool_call_parameters.parameters[${k}]`),
          `not mapped: a ${String(e?.type ?? 'missing')} parameter check (exact only)`,
        );
    });
    expect.tool_call = { name, ...(Object.keys(args).length ? { arguments: args } : {}) };
  }
  for (const k of Object.keys(t)) if (!KNOWN.includes(k)) ctx.warn(at(k), `not mapped: "${k}"`);
  return [
    {
      name: typeof t.name === 'string' && t.name ? t.name : `ElevenLabs ${type} test`,
      ...(isPlainObject(t.dynamic_variables) ? { dynamic_variables: t.dynamic_variables } : {}),
      checkpoint: { transcript, expect },
    },
  ];
}
