import { z } from 'zod';
import { TestCase } from '../../../src-shared/schemas/index.js';

/**
 * The JSON Schema of one test case (what a user writes), generated from the zod schema:
 * docs/schemas/test-case.schema.json is this, and a test keeps the file in step with the code.
 */
export function testCaseJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(TestCase, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const props = schema.properties as Record<string, Record<string, unknown>>;
  // `type` is preprocessed: voicetest's legacy names are accepted and mapped
  props.type = {
    type: 'string',
    enum: ['llm', 'rule', 'simulation', 'unit'],
    default: 'llm',
    description: '"simulation" means llm and "unit" means rule (voicetest legacy names).',
  };
  return {
    $schema: schema.$schema,
    $id: 'https://parley.dev/schemas/test-case.schema.json',
    title: 'Parley test case',
    description:
      'One simulated conversation to run against an agent (see docs/test-format.md). A test file is a suite {"tests": [...]} or a JSON array of these (voicetest).',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}
