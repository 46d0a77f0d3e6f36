/** A call file that cannot be imported: names the file, the JSON path and what was expected. */
export class CallFileError extends Error {
  constructor(
    readonly file: string,
    /** JSON path as people read it (`transcript_object[3].content`); '' is the top level. */
    readonly path: string,
    readonly expected: string,
    readonly got?: string,
  ) {
    super(`${file}: ${path || '(top level)'}: expected ${expected}${got !== undefined ? ` (got ${got})` : ''}`);
    this.name = 'CallFileError';
  }
}

/** Every problem of an import (all files are checked before anything is written). */
export class CallImportError extends Error {
  constructor(readonly errors: CallFileError[]) {
    super(
      errors.length === 1
        ? errors[0].message
        : `${errors.length} call files cannot be imported; nothing was written:\n${errors.map((e) => `  ${e.message}`).join('\n')}`,
    );
    this.name = 'CallImportError';
  }
}

/** A short description of a JSON value for error messages. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 39) + '…' : v);
  return `${typeof v} ${String(v)}`;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a key or index to a JSON path. */
export function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!IDENT.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
}
