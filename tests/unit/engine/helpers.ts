import { AgentGraph, TestCase, type AgentGraphInput, type TestCaseInput } from '../../../src-shared/schemas/index.js';
import { runConversation, type ConversationInput } from '../../../src-main/engine/conversation/conversation.js';
import { ModelCalls } from '../../../src-main/engine/model-io/model-calls.js';
import { scriptedModel, type ScriptInput } from '../../../src-main/providers/scripted.js';
import type { ChatModel } from '../../../src-main/providers/types.js';

export const graph = (g: AgentGraphInput): AgentGraph => AgentGraph.parse(g);
export const testCase = (t: Partial<TestCaseInput> = {}): TestCase => TestCase.parse({ name: 't', ...t });

/** A fixed clock so current_time / current_date are reproducible. */
export const fixedNow = () => new Date(2025, 0, 2, 9, 5, 0);

export interface Converse {
  graph: AgentGraphInput;
  test?: Partial<TestCaseInput>;
  agent?: ScriptInput;
  caller?: ScriptInput;
  models?: { agent?: ChatModel; caller?: ChatModel; judge?: ChatModel };
  maxTurns?: number;
  extra?: Partial<ConversationInput>;
}

/** Runs one conversation on scripted models and returns the outcome plus the recorded model calls. */
export async function converse(c: Converse) {
  const agent = c.models?.agent ?? scriptedModel(c.agent ?? {});
  const caller = c.models?.caller ?? (c.caller ? scriptedModel(c.caller) : agent);
  const calls = new ModelCalls({ agent, caller, judge: c.models?.judge ?? agent }, c.extra?.signal);
  const out = await runConversation({
    graph: graph(c.graph),
    test: testCase(c.test),
    callId: 'call-1',
    calls,
    callerPrompt: 'You are a caller.',
    maxTurns: c.maxTurns,
    now: fixedNow,
    ...c.extra,
  });
  await calls.disposeAll();
  return {
    ...out,
    calls: calls.records,
    path: out.visits.map((v) => v.node),
    said: out.transcript.map((t) => `${t.role}: ${t.content}`),
  };
}

export const staticNode = (
  id: string,
  text: string,
  transitions: unknown[] = [],
  extra: Record<string, unknown> = {},
) => ({ id, type: 'conversation', instruction: { mode: 'static', text }, transitions, ...extra }) as never;

export const edge = (id: string, target: string, condition: unknown, order?: number) =>
  ({ id, target, condition, ...(order !== undefined ? { order } : {}) }) as never;

export interface SeenCall {
  kind: 'chat' | 'structured';
  purpose?: string;
  messages: { role: string; content: string }[];
  schema?: Record<string, unknown>;
  tools?: { name: string; parameters: Record<string, unknown> }[];
  maxTokens?: number;
  session: number;
}

/** Wraps a model and records every request it receives (with the session it came through). */
export function spy(model: ChatModel): { model: ChatModel; seen: SeenCall[]; sessions: string[]; disposed: number[] } {
  const seen: SeenCall[] = [];
  const sessions: string[] = [];
  const disposed: number[] = [];
  const wrapped: ChatModel = {
    spec: model.spec,
    maxParallel: model.maxParallel,
    identity: () => model.identity(),
    close: () => model.close(),
    async openSession(opts) {
      const s = await model.openSession(opts);
      const n = sessions.push(opts?.label ?? '?') - 1;
      return {
        chat: (req) => {
          seen.push({
            kind: 'chat',
            purpose: req.purpose,
            messages: req.messages,
            tools: req.tools,
            maxTokens: req.maxTokens,
            session: n,
          });
          return s.chat(req);
        },
        structured: (req) => {
          seen.push({
            kind: 'structured',
            purpose: req.purpose,
            messages: req.messages,
            schema: req.schema,
            maxTokens: req.maxTokens,
            session: n,
          });
          return s.structured(req);
        },
        dispose: async () => {
          disposed.push(n);
          await s.dispose();
        },
      };
    },
  };
  return { model: wrapped, seen, sessions, disposed };
}

/** Every string in the schema has maxLength or enum/const, every number min and max, every array maxItems. */
export function unboundedParts(schema: unknown, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) || 'const' in s) return [];
  const out: string[] = [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && typeof s.maxLength !== 'number') out.push(`${at}: string without maxLength`);
  if (
    (types.includes('number') || types.includes('integer')) &&
    (typeof s.minimum !== 'number' || typeof s.maximum !== 'number')
  )
    out.push(`${at}: number without bounds`);
  if (types.includes('array')) {
    if (typeof s.maxItems !== 'number') out.push(`${at}: array without maxItems`);
    out.push(...unboundedParts(s.items, `${at}[]`));
  }
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
    out.push(...unboundedParts(v, `${at}.${k}`));
  return out;
}
