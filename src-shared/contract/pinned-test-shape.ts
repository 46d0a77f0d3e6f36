import { z } from 'zod';
import { TestCase, type TestCaseInput } from '../schemas/index.js';

/**
 * A test made from a stored turn (`runs.pin`), as written: checked against the test schema but not parsed, so
 * its defaults (empty metrics, type llm...) are not added to the JSON the dialog and `parley pin` show.
 */
export const PinnedTest = z.custom<TestCaseInput>((v) => TestCase.safeParse(v).success, {
  message: 'expected a valid test case',
});
