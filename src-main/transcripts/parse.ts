import path from 'node:path';
import { importSizeProblem, MAX_IMPORT_BYTES } from '../../src-shared/limits.js';
import { FileRefusal, readFileBoundedSync } from '../files/bounded-file.js';
import { CallFileError, CallImportError } from './errors.js';
import { isObj } from './reader.js';
import { looksLikeRetell, parseRetell } from './retell.js';
import { parsePlain } from './plain.js';
import type { CallFormat, ParsedCall } from './types.js';
import { looksLikeVapi, parseVapi } from './vapi.js';
import { looksLikeBland, parseBland } from './bland.js';
import { looksLikeTelnyx, parseTelnyx } from './telnyx.js';

/** Which shape a parsed call file has; null when it is none of them. */
export function detectCallFormat(data: unknown): CallFormat | null {
  if (Array.isArray(data)) return 'plain';
  if (looksLikeRetell(data)) return 'retell';
  if (looksLikeVapi(data)) return 'vapi';
  if (looksLikeBland(data)) return 'bland';
  if (looksLikeTelnyx(data)) return 'telnyx';
  return null;
}

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
  if (kind === 'retell') return parseRetell(file, data, name);
  if (kind === 'vapi') return parseVapi(file, data, name);
  if (kind === 'bland') return parseBland(file, data, name);
  if (kind === 'telnyx') return parseTelnyx(file, data, name);
  if (kind === 'plain') return parsePlain(file, data, name);
  throw new CallFileError(
    file,
    '',
    'a Retell call (transcript_object / transcript_with_tool_calls), a VAPI call (messages / artifact.messages), a Bland call (transcripts[] with user and text), Telnyx conversation messages ({data: [{role, text}]}) or a [{role, content}] list',
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
