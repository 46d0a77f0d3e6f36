import { TestSuite } from '../../../src-shared/schemas/index.js';
import { formatPath } from '../../../src-shared/contract/define.js';
import { unknownKeyMessage, unknownKeys } from '../../../src-shared/schemas/unknown-keys.js';
import { parseJsonText } from './suite-form.js';

export interface FileError {
  file: string;
  path: string;
  message: string;
}

/**
 * Reads a test file in the browser: a voicetest test list (a JSON array of tests), a Parley suite
 * (`{name, tests: [...]}`) or a single test object. Used when the server's importer is not built.
 */
export function parseSuiteFile(
  file: string,
  text: string,
): { ok: true; suite: TestSuite } | { ok: false; errors: FileError[] } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: [{ file, path: '', message: `not valid JSON: ${parsed.error}` }] };
  const base =
    file
      .replace(/\.(tests?|suite)?\.?json$/i, '')
      .replace(/[_-]+/g, ' ')
      .trim() || 'Imported suite';
  const v = parsed.value;
  let candidate: unknown;
  if (Array.isArray(v)) candidate = { name: base, tests: v };
  else if (v && typeof v === 'object' && Array.isArray((v as { tests?: unknown }).tests))
    candidate = { name: base, ...(v as object) };
  else if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string')
    candidate = { name: base, tests: [v] };
  else
    return {
      ok: false,
      errors: [
        {
          file,
          path: '',
          message: 'expected a list of tests (voicetest) or an object with a "tests" list (Parley suite)',
        },
      ],
    };
  const r = TestSuite.safeParse(candidate);
  if (!r.success) {
    const prefix = Array.isArray(v) ? (p: string) => p.replace(/^tests/, '') : (p: string) => p;
    return {
      ok: false,
      errors: r.error.issues.map((i) => ({ file, path: prefix(formatPath(i.path)), message: i.message })),
    };
  }
  if (!r.data.tests.length) return { ok: false, errors: [{ file, path: 'tests', message: 'the file has no tests' }] };
  // A Parley suite's test with a key no check reads (a misspelled assertion) is refused; voicetest lists keep theirs.
  const unknown = Array.isArray(v) ? [] : unknownKeys(TestSuite, candidate).filter((u) => u.path.startsWith('tests['));
  const single = candidate !== v && !Array.isArray(v) && !Array.isArray((v as { tests?: unknown }).tests);
  const where = (p: string) => (single ? p.replace(/^tests\[0\]\.?/, '') : p);
  if (unknown.length)
    return {
      ok: false,
      errors: unknown.map((u) => ({ file, path: where(u.path), message: unknownKeyMessage(u, 'error') })),
    };
  return { ok: true, suite: r.data };
}
