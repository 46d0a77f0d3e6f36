import { MAX_IMPORT_BYTES } from '../../src-shared/limits.js';
import { readTextDocument } from './input/text-document.js';
import { parseDocument } from './parse-document.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import type { ParseOptions, ParseResult } from './parse-types.js';

export { nameFromFile, type DroppedEdge, type ParseOptions, type ParseResult } from './parse-types.js';
import type { Issue } from './types.js';

/** The one import size limit (CLI, app, web mode): see src-shared/limits.ts. */
export const DEFAULT_MAX_BYTES = MAX_IMPORT_BYTES;
export const DEFAULT_MAX_DEPTH = 64;

/**
 * Reads an agent or test-suite file in any supported text format: size and nesting limits, JSON with
 * line and column on syntax errors (or Python source for a `.py` file), format detection, the format's
 * own shape check, mapping to Parley's model, then the one validator. Pure: nothing is stored.
 * Spreadsheets (XLSForm) are binary: read them with `readAgentFile` (read-file.ts).
 */
export function parseAgentFile(text: string, fileName: string, opts: ParseOptions = {}): ParseResult {
  const file = fileName;
  const err = (p: string, message: string): Issue => ({ severity: 'error', file, path: p, message });
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    return {
      ok: false,
      errors: [
        err(
          '',
          `file is ${formatBytes(bytes)}, larger than the ${formatBytes(maxBytes)} limit; expected at most ${formatBytes(maxBytes)} (raise it with the maxBytes option)`,
        ),
      ],
      warnings: [],
    };
  }

  const doc = readTextDocument(text, fileName, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
  if (!doc.ok) return { ok: false, errors: doc.errors, warnings: [] };
  return parseDocument(doc.document, fileName, opts, bytes, doc.warnings);
}
