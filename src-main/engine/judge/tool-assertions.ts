import type { Assertions, CheckResult, ToolCallRecord } from '../../../src-shared/schemas/index.js';
import { partialMatch } from '../conversation/mocks.js';

/**
 * Tool-call trajectory checks (seed 001), no LLM:
 * - strict: exactly the expected calls in the expected order;
 * - unordered: exactly the expected calls in any order;
 * - contains: at least the expected calls, in that order (others may come between);
 * - within: every call made is one of the expected ones (none required).
 * Arguments: exact (deep equal), partial (expected keys match), ignore. Missing, extra and
 * out-of-order calls are reported.
 */

type Expected = NonNullable<Assertions['tool_calls']>['calls'][number];
type Mode = NonNullable<Assertions['tool_calls']>['mode'];

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export function callMatches(e: Expected, c: ToolCallRecord): boolean {
  if (e.name !== c.name) return false;
  if (e.args_match === 'ignore' || (e.args === undefined && e.args_match === 'partial')) return true;
  if (e.args_match === 'exact') return canonical(e.args ?? {}) === canonical(c.args ?? {});
  return partialMatch(e.args ?? {}, c.args ?? {});
}

const show = (name: string, args?: Record<string, unknown>) =>
  `${name}(${args && Object.keys(args).length ? JSON.stringify(args) : ''})`;

/** Maximum matching expected -> actual (augmenting paths; lists are small). */
function matchAll(expected: Expected[], actual: ToolCallRecord[]): (number | undefined)[] {
  const ownerOf: (number | undefined)[] = actual.map(() => undefined);
  const tryAssign = (e: number, seen: Set<number>): boolean => {
    for (let a = 0; a < actual.length; a++) {
      if (seen.has(a) || !callMatches(expected[e], actual[a])) continue;
      seen.add(a);
      if (ownerOf[a] === undefined || tryAssign(ownerOf[a]!, seen)) {
        ownerOf[a] = e;
        return true;
      }
    }
    return false;
  };
  for (let e = 0; e < expected.length; e++) tryAssign(e, new Set());
  const byExpected: (number | undefined)[] = expected.map(() => undefined);
  ownerOf.forEach((e, a) => {
    if (e !== undefined) byExpected[e] = a;
  });
  return byExpected;
}

export function checkToolCalls(actual: ToolCallRecord[], spec: { mode: Mode; calls: Expected[] }): CheckResult {
  const { mode, calls: expected } = spec;
  const missing: string[] = [];
  const extra: string[] = [];
  const outOfOrder: string[] = [];

  if (mode === 'within') {
    for (const c of actual) if (!expected.some((e) => callMatches(e, c))) extra.push(show(c.name, c.args));
  } else if (mode === 'contains') {
    let at = 0;
    for (const e of expected) {
      let found = -1;
      for (let i = at; i < actual.length; i++)
        if (callMatches(e, actual[i])) {
          found = i;
          break;
        }
      if (found >= 0) {
        at = found + 1;
        continue;
      }
      const earlier = actual.findIndex((c) => callMatches(e, c));
      if (earlier >= 0)
        outOfOrder.push(
          `${show(e.name, e.args)} was called (call ${earlier + 1}) but before the calls expected ahead of it`,
        );
      else missing.push(show(e.name, e.args));
    }
  } else {
    const m = matchAll(expected, actual);
    m.forEach((a, e) => {
      if (a === undefined) missing.push(show(expected[e].name, expected[e].args));
    });
    const used = new Set(m.filter((a): a is number => a !== undefined));
    actual.forEach((c, a) => {
      if (!used.has(a)) extra.push(show(c.name, c.args));
    });
    if (mode === 'strict' && !missing.length && !extra.length) {
      expected.forEach((e, i) => {
        if (!callMatches(e, actual[i]))
          outOfOrder.push(
            `call ${i + 1}: expected ${show(e.name, e.args)}, got ${show(actual[i].name, actual[i].args)}`,
          );
      });
    }
  }

  const passed = !missing.length && !extra.length && !outOfOrder.length;
  const parts = [
    missing.length ? `missing: ${missing.join(', ')}` : '',
    extra.length ? `extra: ${extra.join(', ')}` : '',
    outOfOrder.length ? `out of order: ${outOfOrder.join('; ')}` : '',
  ].filter(Boolean);
  return {
    kind: 'tool_calls',
    target: `${mode}: ${expected.map((e) => e.name).join(', ') || '(none)'}`,
    passed,
    message: passed
      ? `tool calls ok (${actual.map((c) => c.name).join(', ') || 'none'})`
      : `${parts.join('; ')} (called: ${actual.map((c) => c.name).join(', ') || 'none'})`,
    details: { missing, extra, out_of_order: outOfOrder, called: actual.map((c) => ({ name: c.name, args: c.args })) },
  };
}

/** Every unmocked tool call fails the test with a message naming the tool. */
export function checkUnmocked(actual: ToolCallRecord[]): CheckResult[] {
  const names = [...new Set(actual.filter((c) => !c.mocked).map((c) => c.name))];
  return names.map((name) => ({
    kind: 'unmocked_tool',
    target: name,
    passed: false,
    message: `tool "${name}" was called but the test has no tool_mocks entry matching it (add {"tool": "${name}", "response": ...})`,
  }));
}
