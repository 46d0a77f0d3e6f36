import { z } from 'zod';
import type { TestSuite, TestSuiteInput } from '../../../src-shared/schemas/index.js';
import { SourcePaths } from '../shared/source-paths.js';
import { isPlainObject } from '../shared/stable-json.js';
import type { SuiteImporter } from '../types.js';

/** Parley's own suite JSON: a TestSuite (`{"tests": [...]}`, docs/schemas/suite.schema.json), optionally wrapped as `{"format": "parley", "version": 1, "suite": ...}`. */
const isWrapper = (json: unknown): json is { suite: unknown } =>
  isPlainObject(json) && json.format === 'parley' && 'suite' in json;

export const parleySuiteImporter: SuiteImporter = {
  id: 'parley-suite',
  detect: (json) => isWrapper(json) || (isPlainObject(json) && Array.isArray(json.tests)),
  schema: (json) =>
    isWrapper(json)
      ? z.looseObject({ format: z.literal('parley'), version: z.literal(1), suite: z.looseObject({}) })
      : z.looseObject({ tests: z.array(z.unknown()) }),
  import(json, ctx) {
    if (isWrapper(json)) {
      ctx.paths = SourcePaths.identity('suite');
      return json.suite as TestSuiteInput;
    }
    ctx.paths = SourcePaths.identity('');
    return json as TestSuiteInput;
  },
};

export function renderParleySuite(suite: TestSuite): unknown {
  return suite;
}
