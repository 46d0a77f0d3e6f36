import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readError } from '../../../src-main/app/agents/file-reports.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDir } from '../../support/tmp.js';

/** A file that cannot be read says what kind of file was expected, from its name (issue 32). */
describe('readError', () => {
  const t = tempDir();
  afterAll(() => t.cleanup());
  const failureOf = (file: string) => {
    try {
      fs.readFileSync(file);
    } catch (e) {
      return e;
    }
    throw new Error(`${file} was readable`);
  };

  it.each([
    ['agent.py', 'expected a readable Python file (a LiveKit agent)'],
    ['survey.xlsx', 'expected a readable .xlsx workbook (an XLSForm survey)'],
    ['SURVEY.XLSX', 'expected a readable .xlsx workbook (an XLSForm survey)'],
    ['flow.json', 'expected a readable JSON file'],
    ['no-extension', 'expected a readable JSON file'],
  ])('a missing %s: %s', (name, expected) => {
    const file = path.join(t.dir, name);
    expect(readError(file, failureOf(file))).toEqual({
      severity: 'error',
      file,
      path: '',
      message: `cannot read the file: no such file; ${expected}`,
    });
  });

  it('a folder named like a workbook', () => {
    const dir = path.join(t.dir, 'book.xlsx');
    fs.mkdirSync(dir);
    expect(readError(dir, failureOf(dir)).message).toBe(
      'cannot read the file: it is a folder; expected a readable .xlsx workbook (an XLSForm survey)',
    );
  });

  it('parley import of a missing .py names a Python file', async () => {
    const file = path.join(t.dir, 'missing_agent.py');
    const r = await parleyInProcess('import', file, '--db', path.join(t.dir, 'p.db'));
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('cannot read the file: no such file; expected a readable Python file');
    expect(r.stdout + r.stderr).not.toContain('JSON');
  });
});
