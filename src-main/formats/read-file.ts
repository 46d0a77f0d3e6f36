import { isSpreadsheetFile } from './input/text-document.js';
import { parseDocument } from './parse-document.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import { DEFAULT_MAX_BYTES, parseAgentFile, type ParseOptions, type ParseResult } from './parse-file.js';
import type { Issue } from './types.js';
import { ZipRefusal } from './xlsform/bounded-unzip.js';
import { declaredUnpackedBytes, MAX_UNPACKED_BYTES, readWorkbook } from './xlsform/workbook.js';

/** What a file holds as it arrives: text, or the raw bytes (the CLI reads bytes; the app sends spreadsheets as base64). */
export type FileContent = string | Uint8Array;

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Reads any agent or suite file Parley imports, through every door (CLI, API, app): a spreadsheet
 * (an .xlsx, by its zip signature or name) is read into its sheets (XLSForm), anything else is UTF-8
 * text for `parseAgentFile` (JSON, or Python source for a `.py` file). Nothing is stored.
 */
export async function readAgentFile(
  content: FileContent,
  fileName: string,
  opts: ParseOptions = {},
): Promise<ParseResult> {
  if (typeof content === 'string') return parseAgentFile(content, fileName, opts);
  if (!isZip(content) && !isSpreadsheetFile(fileName))
    return parseAgentFile(Buffer.from(content).toString('utf8'), fileName, opts);
  const err = (message: string): ParseResult => ({ ok: false, errors: [issue(fileName, message)], warnings: [] });
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (content.length > maxBytes)
    return err(
      `file is ${formatBytes(content.length)}, larger than the ${formatBytes(maxBytes)} limit; expected at most ${formatBytes(maxBytes)}`,
    );
  if (!isZip(content))
    return err(
      'this is not an .xlsx workbook (no zip signature); expected an Excel .xlsx file saved by Excel, LibreOffice or Google Sheets',
    );
  const unpacked = declaredUnpackedBytes(content);
  if (unpacked === undefined)
    return err('the workbook is not a readable zip archive (no central directory); expected an .xlsx file');
  if (unpacked > MAX_UNPACKED_BYTES)
    return err(
      `the workbook unpacks to ${formatBytes(unpacked)}, more than the ${formatBytes(MAX_UNPACKED_BYTES)} Parley reads; expected a smaller survey`,
    );
  let workbook;
  try {
    workbook = await readWorkbook(content);
  } catch (e) {
    if (e instanceof ZipRefusal) return err(e.message);
    return err(`the workbook cannot be read (${(e as Error).message}); expected an .xlsx file`);
  }
  return parseDocument({ input: 'xlsx', value: workbook }, fileName, opts, content.length, []);
}

function issue(file: string, message: string): Issue {
  return { severity: 'error', file, path: '', message };
}
