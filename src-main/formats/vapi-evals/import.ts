import { z } from 'zod';
import type { CheckpointExpect, CheckpointMessage, TestCaseInput } from '../../../src-shared/schemas/index.js';
import { isPlainObject } from '../shared/stable-json.js';
import { SourcePaths } from '../shared/source-paths.js';
import type { ImportContext, SuiteImporter } from '../types.js';

/**
 * Vapi Evals (`chat.mockConversation`) as checkpoint tests (issue 34): user, assistant (mock), tool and system
 * messages are the history; each assistant message with a `judgePlan` is one checkpoint test judged on the
 * agent's step at that moment. `exact` and `regex` become patterns, `ai` a metric (its system prompt as the
 * criterion), `toolCalls` the expected tool call. A file is one eval or a JSON array of evals. What Parley does
 * not model is listed as a warning with its JSON path, never dropped silently.
 */

const Message = z.looseObject({ role: z.enum(['user', 'assistant', 'system', 'tool']) });
const Eval = z.looseObject({
  type: z.literal('chat.mockConversation'),
  name: z.string().optional(),
  messages: z.array(Message),
});

const isEval = (v: unknown) => isPlainObject(v) && v.type === 'chat.mockConversation' && Array.isArray(v.messages);

export const vapiEvalsImporter: SuiteImporter = {
  id: 'vapi-evals',
  detect: (json) => isEval(json) || (Array.isArray(json) && json.length > 0 && json.every(isEval)),
  schema: (json) => (Array.isArray(json) ? z.array(Eval) : Eval),
  import(json, ctx) {
    const evals = (Array.isArray(json) ? json : [json]) as Record<string, unknown>[];
    const at = (i: number) => (Array.isArray(json) ? `[${i}]` : '');
    const tests = evals.flatMap((e, i) => evalTests(e, at(i), ctx));
    if (!tests.length) ctx.error('', 'no checkpoint: expected at least one assistant message with a "judgePlan"');
    ctx.paths = SourcePaths.identity('');
    return {
      name: typeof evals[0]?.name === 'string' && evals.length === 1 ? evals[0].name : 'Vapi evals',
      tests,
      source_meta: { format: 'vapi-evals' },
    };
  },
};

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface VapiToolCall {
  name?: unknown;
  arguments?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

function toolCallOf(c: VapiToolCall): { name: string; arguments?: Record<string, unknown> } | undefined {
  const name = text(c.name) ?? text(c.function?.name);
  if (!name) return undefined;
  let args = c.arguments ?? c.function?.arguments;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      args = undefined;
    }
  }
  return { name, ...(isPlainObject(args) ? { arguments: args } : {}) };
}

/** One eval's checkpoints, in order; `base` is its JSON path in the file. */
function evalTests(e: Record<string, unknown>, base: string, ctx: ImportContext): TestCaseInput[] {
  const messages = e.messages as Record<string, unknown>[];
  const history: CheckpointMessage[] = [];
  const tests: TestCaseInput[] = [];
  let lastTool: string | undefined;
  const p = (j: number, k?: string) => `${base}${base ? '.' : ''}messages[${j}]${k ? `.${k}` : ''}`;
  for (const [j, m] of messages.entries()) {
    const role = m.role as string;
    const plan = isPlainObject(m.judgePlan) ? m.judgePlan : undefined;
    if (role === 'user') history.push({ role: 'caller', content: text(m.content) ?? '' });
    else if (role === 'system')
      ctx.warn(p(j), 'not mapped: a system message inside the conversation (the agent prompt comes from the agent)');
    else if (role === 'tool') {
      if (plan) ctx.warn(p(j, 'judgePlan'), 'not mapped: a judged tool response (Parley judges the agent step)');
      const tool = text(m.name) ?? text(m.tool) ?? lastTool;
      if (!tool) ctx.warn(p(j), 'a tool response with no tool name before it: named "tool"');
      history.push({
        role: 'tool',
        tool: tool ?? 'tool',
        content: text(m.content) ?? JSON.stringify(m.content ?? null),
      });
    } else if (!plan) {
      const calls = Array.isArray(m.tool_calls) ? (m.tool_calls as VapiToolCall[]).map(toolCallOf) : [];
      if (calls[0]) lastTool = calls[0].name;
      if (calls.length)
        ctx.warn(p(j, 'tool_calls'), 'not mapped: a mock assistant tool call (its tool response is kept)');
      if (text(m.content)) history.push({ role: 'agent', content: text(m.content)! });
    } else {
      const expect = expectOf(plan, p(j, 'judgePlan'), ctx);
      if (!expect) continue;
      if (expect.tool_call) lastTool = expect.tool_call.name;
      const n = tests.length + 1;
      tests.push({
        name: `${text(e.name) ?? 'eval'}: checkpoint ${n}`,
        checkpoint: { transcript: [...history], expect },
        source_meta: { vapi_path: p(j) },
      });
      // the history goes on with the expected reply where the eval gives one
      const said =
        text(plan.type === 'exact' ? plan.content : undefined) ??
        text((plan.continuePlan as { exemplar?: { content?: unknown } } | undefined)?.exemplar?.content);
      if (said) history.push({ role: 'agent', content: said });
      else if (j < messages.length - 1)
        ctx.warn(
          p(j),
          'the history after this checkpoint goes on without the agent reply (Vapi uses the reply it got)',
        );
    }
  }
  // the eval's tool responses answer the tools its steps call (the first response per tool)
  const mocks = new Map<string, unknown>();
  for (const h of history)
    if (h.role === 'tool' && h.tool && !mocks.has(h.tool)) mocks.set(h.tool, parsedContent(h.content));
  if (mocks.size) for (const t of tests) t.tool_mocks = [...mocks].map(([tool, response]) => ({ tool, response }));
  for (const k of Object.keys(e))
    if (!['type', 'name', 'messages', 'description', 'id', 'orgId', 'createdAt', 'updatedAt'].includes(k))
      ctx.warn(`${base}${base ? '.' : ''}${k}`, `not mapped: "${k}"`);
  return tests;
}

function parsedContent(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

function expectOf(plan: Record<string, unknown>, path: string, ctx: ImportContext): CheckpointExpect | undefined {
  const expect: CheckpointExpect = {};
  const content = text(plan.content);
  if (plan.type === 'exact') {
    if (content) expect.patterns = [`/^\\s*${escapeRegex(content)}\\s*$/`];
  } else if (plan.type === 'regex') {
    if (content) expect.patterns = [content];
  } else if (plan.type === 'ai') {
    const model = isPlainObject(plan.model) ? plan.model : {};
    const prompts = (Array.isArray(model.messages) ? model.messages : [])
      .map((x) => (isPlainObject(x) ? text(x.content) : undefined))
      .filter((x): x is string => !!x);
    if (!prompts.length) {
      ctx.error(`${path}.model.messages`, 'an "ai" judge plan needs model.messages with the pass/fail criteria');
      return undefined;
    }
    expect.metrics = [{ criterion: prompts.join('\n') }];
    if (model.model || model.provider)
      ctx.warn(`${path}.model`, "not mapped: the judge's model (the run's judge model scores it; pass/fail at 0.7)");
  } else {
    ctx.error(`${path}.type`, `expected "exact", "regex" or "ai", got ${JSON.stringify(plan.type)}`);
    return undefined;
  }
  if (Array.isArray(plan.toolCalls) && plan.toolCalls.length) {
    const calls = (plan.toolCalls as VapiToolCall[]).map(toolCallOf);
    calls.forEach((c, k) => {
      if (!c) ctx.error(`${path}.toolCalls[${k}].name`, 'a tool call needs a name');
    });
    if (calls[0]) expect.tool_call = { ...calls[0], match: plan.type === 'exact' ? 'exact' : 'partial' };
    if (calls.length > 1)
      ctx.warn(`${path}.toolCalls[1]`, 'not mapped: more than one expected tool call (the first is checked)');
  }
  if (!Object.keys(expect).length) {
    ctx.error(path, 'a judge plan with nothing to check: expected "content" or "toolCalls"');
    return undefined;
  }
  return expect;
}
