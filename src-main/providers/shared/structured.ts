import type { CallUsage, ChatMessage, StructuredRequest, StructuredResponse } from '../types.js';
import { conformJson, formatIssues, type JsonSchema, type SchemaIssue } from './json-schema.js';

export type ParseOutcome = { ok: true; value: unknown; fixes: SchemaIssue[] } | { ok: false; error: string };

/** Pulls a JSON value out of model text (bare JSON, ```json fences, or the outermost {...}). */
export function extractJsonText(text: string): string {
  const t = text.trim();
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(t);
  if (fence) return fence[1].trim();
  if (t.startsWith('{') || t.startsWith('[')) return t;
  const a = t.indexOf('{');
  const b = t.lastIndexOf('}');
  if (a >= 0 && b > a) return t.slice(a, b + 1);
  return t;
}

/** Parses and checks model output against a schema, applying model-free fixes. */
export function parseStructured(text: string, schema: JsonSchema): ParseOutcome {
  let value: unknown;
  try {
    value = JSON.parse(extractJsonText(text));
  } catch (e) {
    const snippet = text.length > 120 ? `${text.slice(0, 120)}…` : text;
    return { ok: false, error: `not valid JSON (${(e as Error).message}): ${JSON.stringify(snippet)}` };
  }
  const r = conformJson(value, schema);
  if (r.issues.length) return { ok: false, error: `JSON does not match the schema: ${formatIssues(r.issues)}` };
  return { ok: true, value: r.value, fixes: r.fixes };
}

export function addUsage(a: CallUsage, b: CallUsage): CallUsage {
  const sum = (x?: number, y?: number) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    cached_prompt_tokens: a.cached_prompt_tokens + b.cached_prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    wall_ms: a.wall_ms + b.wall_ms,
    prompt_eval_ms: sum(a.prompt_eval_ms, b.prompt_eval_ms),
    eval_ms: sum(a.eval_ms, b.eval_ms),
    load_ms: sum(a.load_ms, b.load_ms),
    endpoint: b.endpoint ?? a.endpoint,
    // the first answer's first token is the first output of the call as a whole
    ...(a.first_token_ms !== undefined
      ? { first_token_ms: a.first_token_ms }
      : b.first_token_ms !== undefined
        ? { first_token_ms: a.wall_ms + b.first_token_ms }
        : {}),
  };
}

/** A system note for servers without schema enforcement (JSON mode). */
export function schemaInstruction(schema: JsonSchema): string {
  return `Reply with only a JSON object (no prose, no code fences) that matches this JSON Schema:\n${JSON.stringify(schema)}`;
}

/** Messages for the single repair retry: the bad reply and what was wrong with it. */
export function repairMessages(messages: ChatMessage[], raw: string, error: string, schema: JsonSchema): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: raw.slice(0, 4000) },
    {
      role: 'user',
      content: `Your previous reply was rejected: ${error}\n${schemaInstruction(schema)}`,
    },
  ];
}

export interface Attempt {
  raw: string;
  usage: CallUsage;
}

/**
 * Runs a structured call with validation and ONE repair retry. `attempt` performs the model call
 * for a message list (and whether it is the repair). Throws `onFail(error)` when both fail.
 */
export async function structuredWithRepair<T>(
  req: StructuredRequest,
  attempt: (messages: ChatMessage[], isRepair: boolean) => Promise<Attempt>,
  onFail: (error: string, raw: string) => Error,
): Promise<StructuredResponse<T>> {
  const first = await attempt(req.messages, false);
  const p1 = parseStructured(first.raw, req.schema);
  if (p1.ok) return { value: p1.value as T, raw: first.raw, parsedFirstTry: p1.fixes.length === 0, usage: first.usage };
  const second = await attempt(repairMessages(req.messages, first.raw, p1.error, req.schema), true);
  const usage = addUsage(first.usage, second.usage);
  const p2 = parseStructured(second.raw, req.schema);
  if (p2.ok) return { value: p2.value as T, raw: second.raw, parsedFirstTry: false, usage };
  // the tokens were spent: the error carries them so the run's accounting stays true
  throw Object.assign(onFail(`${p2.error} (after one repair retry; first reply: ${p1.error})`, second.raw), { usage });
}
