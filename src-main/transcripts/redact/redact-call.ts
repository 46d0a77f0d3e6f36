import type { ParsedCall } from '../types.js';
import { FIRST_NAMES } from './first-names.js';
import { CallRedactor, emptyCounts, type RedactionCounts } from './redactor.js';
import { PII_KINDS, type PiiKind } from './types.js';

/** What redaction replaced in an import, by kind (occurrences; never the values). */
export interface RedactionReport {
  applied: boolean;
  replaced: RedactionCounts;
}

/** A field name that says what its value is (`customer_phone`, `dob`, `caller_name`). */
function kindOfKey(key: string): PiiKind | null {
  const k = key.toLowerCase();
  if (/email/.test(k)) return 'email';
  if (/(ssn|social_?security|national_?id|passport)/.test(k)) return 'id';
  if (/card/.test(k)) return 'card';
  if (/(dob|birth)/.test(k)) return 'dob';
  if (/(phone|mobile|cell|^(user|from|to|caller|callback|contact)_?(number|num)$|caller_id)/.test(k)) return 'phone';
  if (/(address|street)/.test(k)) return 'address';
  if (
    /(^|_)(first_?|last_?|full_?|caller_?|customer_?|patient_?)?name$/.test(k) &&
    !/(tool|file|agent|clinic|company|business|node|function)/.test(k)
  )
    return 'name';
  return null;
}

type Visit = (s: string, key: string | null) => string;

function walk(v: unknown, visit: Visit, key: string | null = null): unknown {
  if (typeof v === 'string') return visit(v, key);
  if (typeof v === 'number' && key && kindOfKey(key) && String(v).length >= 7) return visit(String(v), key);
  if (Array.isArray(v)) return v.map((x) => walk(x, visit, key));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x, visit, k)]));
  return v;
}

/**
 * Lower-case words that are not a person on the call: every word of the agent's names (`names`: the agent
 * and graph names), first names in its prompts, and who the prompts say the agent is ("You are Ava").
 */
export function exemptWordsFromAgent(texts: string[], names: string[] = []): Set<string> {
  const out = new Set<string>();
  for (const n of names) for (const w of n.match(/[A-Za-z][A-Za-z'-]*/g) ?? []) out.add(w.toLowerCase());
  for (const t of texts) {
    for (const w of t.match(/[A-Za-z][A-Za-z'-]*/g) ?? []) {
      const lw = w.toLowerCase();
      if (FIRST_NAMES.has(lw) && /^[A-Z]/.test(w)) out.add(lw);
    }
    for (const m of t.matchAll(/\b(?:you are|you're|named|called|this is|i'm|i am|name is)\s+([A-Z][A-Za-z'-]*)/g))
      out.add(m[1].toLowerCase());
  }
  return out;
}

/** Every string of an agent graph (name, prompts, instructions) as texts for `exemptWordsFromAgent`. */
export function agentTexts(graph: unknown): string[] {
  const out: string[] = [];
  walk(graph, (s) => {
    out.push(s);
    return s;
  });
  return out;
}

/** One call with its personal data replaced in every turn, tool argument, tool result and variable. */
export function redactCall(
  call: ParsedCall,
  exempt: ReadonlySet<string>,
): { call: ParsedCall; replaced: RedactionCounts } {
  // The agent introducing itself ("this is Ava from ...") names the agent, not a person on the call.
  const own = new Set(exempt);
  for (const t of call.transcript)
    if (t.role === 'agent')
      for (const m of t.content.matchAll(/\b(?:this is|I'm|I am|my name is|my name's)\s+([A-Z][A-Za-z'-]+)/g))
        own.add(m[1].toLowerCase());
  const r = new CallRedactor(own);
  const learn: Visit = (s, key) => {
    const kind = key ? kindOfKey(key) : null;
    // A phone-named field counts only when it holds a phone's digits (not "unknown", not an extension).
    const phoneLike = kind !== 'phone' || s.replace(/\D/g, '').length >= 7;
    if (kind && s.trim() && phoneLike) r.addValue(kind, s);
    else r.learn(s);
    return s;
  };
  const parts = { transcript: call.transcript, tools: call.tools_called, variables: call.variables };
  // Tool names and nodes are the agent's own words: only arguments, results and errors are the caller's data.
  const toolData = (t: ParsedCall['tools_called'][number]) => ({ args: t.args, result: t.result, error: t.error });
  walk(parts.tools.map(toolData), learn);
  walk(parts.variables, learn);
  for (const t of call.transcript) r.learn(t.content);
  const redact: Visit = (s) => r.redact(s);
  return {
    call: {
      ...call,
      transcript: call.transcript.map((t) => ({
        ...t,
        content: r.redact(t.content),
        ...(t.heard !== undefined ? { heard: r.redact(t.heard) } : {}),
      })),
      tools_called: call.tools_called.map((t) => ({
        ...t,
        args: walk(t.args, redact) as Record<string, unknown>,
        ...(t.result !== undefined ? { result: walk(t.result, redact) } : {}),
        ...(t.error !== undefined ? { error: r.redact(t.error) } : {}),
      })),
      variables: walk(call.variables, redact) as ParsedCall['variables'],
    },
    replaced: r.replaced,
  };
}

/** All calls of an import redacted, with the counts by kind summed over the calls. */
export function redactCalls(
  calls: ParsedCall[],
  exempt: ReadonlySet<string>,
): { calls: ParsedCall[]; report: RedactionReport } {
  const replaced = emptyCounts();
  const out = calls.map((c) => {
    const x = redactCall(c, exempt);
    for (const k of PII_KINDS) replaced[k] += x.replaced[k];
    return x.call;
  });
  return { calls: out, report: { applied: true, replaced } };
}
