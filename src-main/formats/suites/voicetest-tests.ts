import { z } from 'zod';
import type { TestCase, TestCaseInput, TestSuite, TestSuiteInput } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, own } from '../shared/meta.js';
import { jsonEqual } from '../shared/stable-json.js';
import { SourcePaths } from '../shared/source-paths.js';
import type { Dropped, ImportContext, SuiteImporter } from '../types.js';

/**
 * voicetest's test-case list: a JSON array of tests (`name`, `user_prompt`, `metrics`, `includes`...,
 * `type` llm/rule with the legacy `simulation`/`unit`). Everything maps onto Parley's TestCase; the
 * original spelling of `type` and which keys were present are kept so export writes the same file.
 */
const VOICETEST_KEYS = [
  'name',
  'user_prompt',
  'metrics',
  'dynamic_variables',
  'tool_mocks',
  'type',
  'includes',
  'excludes',
  'patterns',
  'llm_model',
] as const;
const PARLEY_ONLY = [
  'persona',
  'metric_threshold',
  'max_turns',
  'repeats',
  'assertions',
  'two_step_judge',
  'caller_script',
  'caller_script_ends_call',
  'holdout',
] as const;
const CANONICAL_TYPE: Record<string, string> = { simulation: 'llm', unit: 'rule', llm: 'llm', rule: 'rule' };

const Item = z.looseObject({ name: z.string().min(1), type: z.string().optional() });

export const voicetestTestsImporter: SuiteImporter = {
  id: 'voicetest-tests',
  detect: (json) =>
    Array.isArray(json) && json.every((t) => !!t && typeof t === 'object' && !Array.isArray(t) && 'name' in t),
  schema: z.array(Item),
  import: (json, ctx) => importTests(json as Record<string, unknown>[], ctx),
};

function importTests(items: Record<string, unknown>[], ctx: ImportContext): TestSuiteInput {
  // The file is the list of tests itself: `tests[2].name` in the suite is `[2].name` in the file.
  ctx.paths = SourcePaths.rule((p) => p.replace(/^tests(?=\[|$)/, ''));
  const tests = items.map((raw) => {
    const t: Record<string, unknown> = {};
    for (const k of [...VOICETEST_KEYS, ...PARLEY_ONLY]) if (k in raw) t[k] = raw[k];
    const rawType = raw.type;
    t.source_meta = compactMeta({
      keys: Object.keys(raw),
      type: typeof rawType === 'string' && own(CANONICAL_TYPE, rawType) !== rawType ? rawType : undefined,
      extra: extras(raw, [...VOICETEST_KEYS, ...PARLEY_ONLY]),
    });
    return t as TestCaseInput;
  });
  return { name: '', tests, source_meta: { format: 'voicetest-tests' } };
}

const DEFAULTS: Partial<Record<keyof TestCase, unknown>> = {
  type: 'llm',
  metrics: [],
  dynamic_variables: {},
  tool_mocks: [],
  includes: [],
  excludes: [],
  patterns: [],
};

/** Writes a suite as a voicetest test list; `dropped` lists Parley-only test settings. */
export function renderVoicetestTests(suite: TestSuite): { value: unknown[]; dropped: Dropped[] } {
  const dropped: Dropped[] = [];
  const value = suite.tests.map((t, i) => {
    const m = t.source_meta ?? {};
    const keys = asStrings(m.keys) ?? [];
    const known: Record<string, unknown> = {};
    for (const k of VOICETEST_KEYS) {
      const v = t[k as keyof TestCase];
      if (v === undefined) continue;
      if (!keys.includes(k) && k in DEFAULTS && jsonEqual(v, DEFAULTS[k as keyof TestCase])) continue;
      known[k] = v;
    }
    if (own(CANONICAL_TYPE, m.type) === t.type) known.type = m.type;
    for (const k of PARLEY_ONLY) {
      if (t[k] !== undefined)
        dropped.push({ path: `tests[${i}].${k}`, feature: k, reason: 'voicetest test cases have no such field' });
    }
    return assemble(known, VOICETEST_KEYS, asObject(m.extra), keys.length ? keys : undefined);
  });
  return { value, dropped };
}
