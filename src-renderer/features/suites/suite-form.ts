import { TestCase, TestSuite, type TestCaseInput, type TestSuiteInput } from '../../../src-shared/schemas/index.js';
import { formatPath } from '../../../src-shared/contract/define.js';
import { unknownKeyMessage, unknownKeys } from '../../../src-shared/schemas/unknown-keys.js';
import { parsePattern } from '../../../src-shared/rules/regex-pattern.js';
import { splitSide } from '../../../src-shared/rules/rule-side.js';

/** Pure helpers of the suite editor: new tests, validation with field paths, rule scopes, patterns. */

export interface FieldError {
  path: string;
  message: string;
}

export type SuiteDraft = TestSuiteInput;

export function newTestCase(existing: TestCaseInput[]): TestCaseInput {
  const names = new Set(existing.map((t) => t.name));
  let n = existing.length + 1;
  while (names.has(`Test ${n}`)) n++;
  return {
    name: `Test ${n}`,
    type: 'llm',
    user_prompt: '',
    metrics: [],
    includes: [],
    excludes: [],
    patterns: [],
    tool_mocks: [],
    dynamic_variables: {},
  };
}

export const newSuite = (): SuiteDraft => ({ schema_version: 1, name: '', tests: [] });

/** The suite parsed with defaults filled, or the problems that stop it from being saved. */
export function validateSuite(
  draft: SuiteDraft,
  extra: FieldError[] = [],
): { suite?: TestSuite; errors: FieldError[] } {
  const errors: FieldError[] = [...extra];
  if (!String(draft.name ?? '').trim()) errors.push({ path: 'name', message: 'Give the suite a name.' });
  const names = new Map<string, number>();
  (draft.tests ?? []).forEach((t, i) => {
    const n = String(t.name ?? '').trim();
    if (n && names.has(n))
      errors.push({
        path: `tests[${i}].name`,
        message: `"${n}" is also the name of test ${names.get(n)! + 1}; test names must differ so results can be compared.`,
      });
    else if (n) names.set(n, i);
    if (t.persona === '') errors.push({ path: `tests[${i}].persona`, message: 'Choose a persona from the library.' });
    else if (!t.persona && !String(t.user_prompt ?? '').trim() && !(t.caller_script ?? []).length) {
      errors.push({
        path: `tests[${i}].user_prompt`,
        message: 'Say who calls: pick a persona, describe the caller, or write fixed caller lines.',
      });
    }
    (t.patterns ?? []).forEach((p, j) => {
      const bad = patternError(p);
      if (bad) errors.push({ path: `tests[${i}].patterns[${j}]`, message: bad });
    });
    (t.tool_mocks ?? []).forEach((m, j) => {
      if (m.response === undefined && !m.error && !(m.sequence ?? []).length) {
        errors.push({
          path: `tests[${i}].tool_mocks[${j}]`,
          message: `The mock for "${m.tool || '?'}" has no response, error or sequence.`,
        });
      }
    });
  });
  const parsed = TestSuite.safeParse(draft);
  if (!parsed.success) {
    const seen = new Set(errors.map((e) => e.path));
    for (const issue of parsed.error.issues) {
      const path = formatPath(issue.path);
      if (!seen.has(path)) errors.push({ path, message: friendly(issue.message) });
    }
  }
  return errors.length ? { errors } : { suite: parsed.data, errors };
}

function friendly(msg: string): string {
  return msg
    .replace(/^Too small: expected string to have >=1 characters?$/, 'must not be empty')
    .replace(/^Too big: expected number to be <=(\S+)$/, 'must be at most $1')
    .replace(/^Too small: expected number to be >=(\S+)$/, 'must be at least $1');
}

/** Which test a validation path belongs to (`tests[3].metrics[0]` -> 3). */
export function testIndexOf(path: string): number | undefined {
  const m = /^(?:suite\.)?tests\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : undefined;
}

// ---- includes / excludes scope -------------------------------------------------------------

export type Scope = 'any' | 'agent' | 'caller';

/** The engine's reading (src-shared/rules/rule-side.ts): an `agent:` / `caller:` prefix checks one side only. */
export function splitScope(entry: string): { scope: Scope; text: string } {
  const { side, text } = splitSide(entry);
  return { scope: side ?? 'any', text };
}

export const joinScope = (scope: Scope, text: string): string => (scope === 'any' ? text : `${scope}:${text}`);

// ---- regular expressions (read by src-shared/rules/regex-pattern.ts, as the engine reads them) ----

export function patternError(pattern: string): string | undefined {
  if (!pattern.trim()) return 'The pattern is empty.';
  const { source, flags } = parsePattern(pattern);
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (e) {
    return `Not a valid regular expression: ${(e as Error).message}`;
  }
}

// ---- JSON fields ---------------------------------------------------------------------------

/** Parses JSON text; the error says where (line and column) it went wrong. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      const col = Number(pos[1]) - before.lastIndexOf('\n');
      return {
        ok: false,
        error: `line ${line}, column ${col}: ${msg.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '')}`,
      };
    }
    return { ok: false, error: msg };
  }
}

/** A validated tool mock list from raw JSON, with errors by path (`[1].sequence[0].error`). */
export function parseToolMocksJson(
  text: string,
): { ok: true; value: TestCaseInput['tool_mocks'] } | { ok: false; errors: FieldError[] } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: [{ path: '', message: parsed.error }] };
  const r = TestCase.shape.tool_mocks.safeParse(parsed.value ?? []);
  if (!r.success)
    return {
      ok: false,
      errors: r.error.issues.map((i) => ({ path: formatPath(i.path), message: friendly(i.message) })),
    };
  // a misspelled key (`"respnse"`) would be dropped and the mock answer nothing: name it (issue 39)
  const unknown = unknownKeys(TestCase.shape.tool_mocks, parsed.value ?? []);
  if (unknown.length)
    return { ok: false, errors: unknown.map((u) => ({ path: u.path, message: unknownKeyMessage(u, 'error') })) };
  return { ok: true, value: r.data };
}

/** Dynamic variables must be a JSON object; errors name the path. */
export function parseVariablesJson(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: [{ path: '', message: parsed.error }] };
  const v = parsed.value ?? {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return {
      ok: false,
      errors: [
        {
          path: '',
          message: `Expected an object like {"customer_name": "Ana"}, got ${Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v}.`,
        },
      ],
    };
  }
  const errors: FieldError[] = [];
  for (const k of Object.keys(v)) {
    if (!k.trim()) errors.push({ path: '[""]', message: 'A variable name is empty.' });
    else if (/[{}\s]/.test(k))
      errors.push({ path: k, message: `"${k}" is not a usable variable name (no spaces or braces).` });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: v as Record<string, unknown> };
}

/** The tests with a copy of test `i` right after it ("name (copy)"); the copy's index. */
export function duplicateTest(tests: TestCaseInput[], i: number): { tests: TestCaseInput[]; selected: number } {
  const copy = { ...structuredClone(tests[i]), name: `${tests[i].name} (copy)` };
  return { tests: [...tests.slice(0, i + 1), copy, ...tests.slice(i + 1)], selected: i + 1 };
}

/** The tests with test `i` moved one place up (-1) or down (+1); null when it cannot move that way. */
export function moveTest(
  tests: TestCaseInput[],
  i: number,
  d: -1 | 1,
): { tests: TestCaseInput[]; selected: number } | null {
  const j = i + d;
  if (j < 0 || j >= tests.length) return null;
  const next = [...tests];
  [next[i], next[j]] = [next[j], next[i]];
  return { tests: next, selected: j };
}

/** Errors as the editor lists them at the top: each names the test it belongs to as well as its field path. */
export function errorsNamingTests(errors: FieldError[], tests: TestCaseInput[]): FieldError[] {
  return errors.map((e) => {
    const i = testIndexOf(e.path);
    return i === undefined || !tests[i] ? e : { ...e, message: `in test “${tests[i].name || i + 1}”: ${e.message}` };
  });
}
