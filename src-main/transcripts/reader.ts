import { CallFileError, at, describeValue } from './errors.js';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Typed reads from parsed JSON that throw a CallFileError naming the file and path. */
export class Reader {
  constructor(readonly file: string) {}

  /** Throws; pass the offending value (even undefined) to have it described as "got ...". */
  fail(path: string, expected: string, ...value: [unknown?]): never {
    throw new CallFileError(this.file, path, expected, value.length ? describeValue(value[0]) : undefined);
  }

  obj(v: unknown, path: string, what = 'an object'): Obj {
    return isObj(v) ? v : this.fail(path, what, v);
  }

  arr(v: unknown, path: string, what = 'an array'): unknown[] {
    return Array.isArray(v) ? v : this.fail(path, what, v);
  }

  str(o: Obj, key: string, path: string): string {
    const v = o[key];
    return typeof v === 'string' ? v : this.fail(at(path, key), 'a string', v);
  }

  /** A string field that may be missing or null. */
  optStr(o: Obj, key: string, path: string): string | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    return typeof v === 'string' ? v : this.fail(at(path, key), 'a string', v);
  }

  optNum(o: Obj, key: string, path: string): number | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : this.fail(at(path, key), 'a number', v);
  }

  /** A plain object of variables (may be missing). */
  optVars(o: Obj, key: string, path: string): Obj {
    const v = o[key];
    if (v === undefined || v === null) return {};
    return this.obj(v, at(path, key), 'an object of variables');
  }
}

/** ISO time from epoch milliseconds or an ISO string; null when absent or unreadable. */
export function isoTime(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString();
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return null;
}
