import { joinPath } from '../shared/json-path.js';
import { parseJsonText } from '../shared/json-text.js';
import type { InputKind, Issue } from '../types.js';
import { readPythonModule } from '../livekit/python-module.js';

/** A file as an importer reads it: parsed JSON, a Python module's agent classes, or a workbook's sheets. */
export interface SourceDocument {
  input: InputKind;
  value: unknown;
}

export type TextDocumentResult =
  { ok: true; document: SourceDocument; warnings: Issue[] } | { ok: false; errors: Issue[] };

/** A zip archive (an .xlsx workbook) read as text: its first bytes. */
const ZIP_MAGIC = 'PK\u0003\u0004';

/** Python source goes by its file name; everything else is JSON. */
export const isPythonFile = (fileName: string): boolean => /\.py$/i.test(fileName);
export const isSpreadsheetFile = (fileName: string): boolean => /\.(xlsx|xlsm)$/i.test(fileName);

/**
 * Reads a text file into the document its importer expects: Python source (a `.py` file) through the
 * Python parser, anything else as strict JSON (line and column on syntax errors, nesting limit,
 * duplicate keys as warnings). Spreadsheets are binary and go through `readAgentFile` instead.
 */
export function readTextDocument(text: string, fileName: string, maxDepth: number): TextDocumentResult {
  const file = fileName;
  const err = (p: string, message: string): Issue => ({ severity: 'error', file, path: p, message });
  if (isPythonFile(fileName)) {
    const py = readPythonModule(text, { maxDepth });
    if (!py.ok) return { ok: false, errors: py.errors.map((e) => err(e.path, e.message)) };
    const warnings: Issue[] = py.warnings.map((w) => ({ severity: 'warning', file, path: w.path, message: w.message }));
    return { ok: true, document: { input: 'python', value: py.module }, warnings };
  }
  if (text.startsWith(ZIP_MAGIC) || isSpreadsheetFile(fileName))
    return {
      ok: false,
      errors: [
        err(
          '',
          "this is a spreadsheet (.xlsx, a zip archive), read as text; expected it through `parley import`, `parley validate` or the app's import dialog, which read XLSForm workbooks (import it, then use the stored agent)",
        ),
      ],
    };
  const parsed = parseJsonText(text, { maxDepth });
  if (!parsed.ok)
    return {
      ok: false,
      errors: [err(parsed.path, `invalid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}`)],
    };
  const warnings: Issue[] = parsed.duplicateKeys.map((d) => ({
    severity: 'warning',
    file,
    path: joinPath(d.path, d.key),
    message: `key ${JSON.stringify(d.key)} appears more than once in this object; the last value is used (expected each key once)`,
  }));
  return { ok: true, document: { input: 'json', value: parsed.value }, warnings };
}
