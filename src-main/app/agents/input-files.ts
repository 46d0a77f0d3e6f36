/**
 * Files a user names for Parley to import or read (agents, suites, personas, labels, calls): fstat
 * first, then read whole only when it is a regular file within the 10 MB import limit
 * (src-shared/limits.ts). A 2.5 GB sparse file is refused before a byte is read.
 */
import { MAX_IMPORT_BYTES } from '../../../src-shared/limits.js';
import { FileRefusal, readFileBoundedSync } from '../../files/bounded-file.js';

export { FileRefusal };

/** The file's text (UTF-8), or a FileRefusal naming the file and the limit. */
export function readImportText(file: string, what = 'the file'): string {
  return readFileBoundedSync(file, { maxBytes: MAX_IMPORT_BYTES, what }).toString('utf8');
}
