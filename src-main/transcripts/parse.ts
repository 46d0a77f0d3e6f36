import path from 'node:path';
import { importSizeProblem, MAX_IMPORT_BYTES } from '../../src-shared/limits.js';
import { FileRefusal, readFileBoundedSync } from '../files/bounded-file.js';
import { CallFileError, CallImportError } from './errors.js';
import { isObj } from './reader.js';
import type { CallFormat, ParsedCall } from './types.js';
import { CALL_READERS } from './call-readers.js';

/** Which shape a parsed call file has; null when it is none of them. */
export function detectCallFormat(data: unknown): CallFormat | null {
  const found = Object.entries(CALL_READERS).find(([, reader]) => reader.looksLike(data));
  return found ? (found[0] as CallFormat) : null;
}

/** What a call file may be, in the readers' order: "a Retell call (...), ... or a [{role, content}] list". */
const EXPECTED = ((shapes) => `${shapes.slice(0, -1).join(', ')} or ${shapes[shapes.length - 1]}`)(
  Object.values(CALL_READERS).map((r) => r.shape),
);

/**
 * Parses one call file's text (Retell, VAPI or a plain `[{role, content}]` list; `format` forces one).
 * Throws a CallFileError naming the file, the JSON path and what was expected.
 */
export function parseCallText(file: string, text: string, format?: CallFormat): ParsedCall {
  const tooBig = importSizeProblem(text);
  if (tooBig) throw new CallFileError(file, '', 'a call file within the 10 MB import limit', `the file ${tooBig}`);
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new CallFileError(file, '', 'valid JSON', (e as Error).message);
  }
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  const kind = format ?? detectCallFormat(data);
  const reader = kind ? CALL_READERS[kind] : undefined;
  if (reader) return reader.parse(file, data, name);
  throw new CallFileError(
    file,
    '',
    EXPECTED,
    isObj(data) ? `an object with keys ${Object.keys(data).slice(0, 8).join(', ') || '(none)'}` : typeof data,
  );
}

/** Reads and parses every file; all problems are collected and thrown together (CallImportError). */
export function parseCallFiles(files: string[], format?: CallFormat): ParsedCall[] {
  const errors: CallFileError[] = [];
  const calls: ParsedCall[] = [];
  for (const file of files) {
    try {
      const text = readFileBoundedSync(file, { maxBytes: MAX_IMPORT_BYTES, what: 'the call file' }).toString('utf8');
      calls.push(parseCallText(file, text, format));
    } catch (e) {
      if (e instanceof CallFileError) errors.push(e);
      else if (e instanceof FileRefusal)
        errors.push(new CallFileError(file, '', 'a call file within the 10 MB import limit', e.detail));
      else errors.push(new CallFileError(file, '', 'a readable file', (e as Error).message));
    }
  }
  if (errors.length) throw new CallImportError(errors);
  return calls;
}
