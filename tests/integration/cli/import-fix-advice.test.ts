/**
 * Issue 32: `parley import` of a file that parsed into a graph with errors says whether
 * `--drop-dangling` would be enough, deciding from the import it already made: each file is parsed
 * once, and a workbook is never decoded as UTF-8 text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWorkbook, CLINIC_INTAKE } from '../../fixtures/formats/xlsform/build-workbook.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDir } from '../../support/tmp.js';

const parses = vi.hoisted(() => ({ documents: [] as string[], texts: [] as string[] }));

// every document parse (JSON text, Python source or workbook) and every read of content as text
vi.mock('../../../src-main/formats/parse-document.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src-main/formats/parse-document.js')>();
  return {
    ...m,
    parseDocument: (...args: Parameters<typeof m.parseDocument>) => {
      parses.documents.push(args[1]);
      return m.parseDocument(...args);
    },
  };
});
vi.mock('../../../src-main/formats/parse-file.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src-main/formats/parse-file.js')>();
  return {
    ...m,
    parseAgentFile: (...args: Parameters<typeof m.parseAgentFile>) => {
      parses.texts.push(args[1]);
      return m.parseAgentFile(...args);
    },
  };
});

const DANGLING = fileURLToPath(new URL('../../fixtures/import-problems/retell-cf-dangling-edge.json', import.meta.url));

describe('parley import: the advice on a fixable file comes from the one parse', () => {
  const t = tempDir();
  const db = path.join(t.dir, 'p.db');
  afterAll(() => t.cleanup());
  beforeEach(() => {
    parses.documents.length = 0;
    parses.texts.length = 0;
  });

  it('a JSON file whose only errors are dangling transitions: --drop-dangling is advised, after one parse', async () => {
    const r = await parleyInProcess('import', DANGLING, '--db', db);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `  - import it without the 1 transition to a missing node: parley import ${DANGLING} --drop-dangling (each dropped transition is listed)\n`,
    );
    expect(parses.documents).toEqual([DANGLING]);
    expect(parses.texts).toEqual([DANGLING]);
    // the advice holds
    const dropped = await parleyInProcess('import', DANGLING, '--drop-dangling', '--db', db);
    expect(dropped.code).toBe(0);
    expect(dropped.stdout).toMatch(/imported agent "retell-cf-dangling-edge"/);
  });

  it('dangling transitions with other errors: --drop-dangling would not be enough, after one parse', async () => {
    const graph = JSON.parse(fs.readFileSync(DANGLING, 'utf8'));
    const file = path.join(t.dir, 'dangling-and-more.json');
    fs.writeFileSync(file, JSON.stringify({ ...graph, start_node_id: 'no-such-node' }));
    const r = await parleyInProcess('import', file, '--json', '--db', db);
    expect(r.code).toBe(1);
    const [report] = JSON.parse(r.stdout);
    expect(report.fixable).toBe(true);
    expect(report.hints).toContain(
      '- --drop-dangling would remove the 1 transition to a missing node, but other errors would remain; fix those first',
    );
    expect(parses.documents).toEqual([file]);
    const dropped = await parleyInProcess('import', file, '--drop-dangling', '--db', db);
    expect(dropped.code).toBe(1);
  });

  it('a fixable XLSForm workbook: the same advice, the workbook parsed once and never read as text', async () => {
    const sheets = structuredClone(CLINIC_INTAKE);
    sheets.survey[9][5] = '${shoe_size} > 3';
    const file = path.join(t.dir, 'survey.xlsx');
    fs.writeFileSync(file, await buildWorkbook(sheets));
    const r = await parleyInProcess('import', file, '--db', db);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}: not imported, 1 error; nothing was written\n`);
    expect(r.stdout).toContain('  error survey!F10: ');
    expect(r.stdout).toContain('  What to do:\n');
    expect(r.stdout).not.toContain('--drop-dangling');
    expect(parses.documents).toEqual([file]);
    expect(parses.texts).toEqual([]);
  });
});
