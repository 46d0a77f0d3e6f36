import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testCaseJsonSchema } from '../../../../src-main/formats/suites/test-case-schema.js';

const FILE = path.resolve(__dirname, '../../../../docs/schemas/test-case.schema.json');

describe('docs/schemas/test-case.schema.json', () => {
  it('is generated from the zod TestCase schema (PARLEY_WRITE_SCHEMAS=1 rewrites it)', () => {
    const text = JSON.stringify(testCaseJsonSchema(), null, 2) + '\n';
    if (process.env.PARLEY_WRITE_SCHEMAS === '1') {
      fs.mkdirSync(path.dirname(FILE), { recursive: true });
      fs.writeFileSync(FILE, text);
    }
    expect(
      fs.existsSync(FILE),
      `${FILE} is missing: run PARLEY_WRITE_SCHEMAS=1 npx vitest run tests/unit/formats/suites/test-case-schema.test.ts`,
    ).toBe(true);
    expect(fs.readFileSync(FILE, 'utf8')).toBe(text);
  });

  it('describes the fields users write, with the legacy type names accepted', () => {
    const s = testCaseJsonSchema() as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(s.required).toEqual(['name']);
    for (const k of [
      'name',
      'type',
      'user_prompt',
      'persona',
      'metrics',
      'metric_threshold',
      'dynamic_variables',
      'tool_mocks',
      'includes',
      'excludes',
      'patterns',
      'max_turns',
      'repeats',
      'assertions',
      'caller_script',
    ]) {
      expect(s.properties).toHaveProperty(k);
    }
  });
});
