/**
 * Variable paths of the call-context model (seed 004): `user.name`, `workflow.meals[0].type`,
 * `workflow.logged[+]` (append), `items[-1]` (last). Keys may hold any character except `.`, `[`, `]`.
 */

export type PathSegment = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'append' };

export class PathError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`variable path "${path}": ${message}`);
    this.name = 'PathError';
  }
}

/** Strips `{{ }}` wrappers importers sometimes leave on an equation's left side. */
/**
 * Names that would reach an object's prototype instead of its own data (`__proto__.x` writes into
 * Object.prototype for every object in the process). Refused as a path segment everywhere a path is
 * parsed; `setIn`/`getIn`/`deleteIn` refuse them too, for segments built by hand.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isForbiddenKey = (key: string): boolean => FORBIDDEN_KEYS.has(key);

const forbidden = (raw: string, key: string) =>
  new PathError(
    raw,
    `"${key}" is not allowed as a name in a variable path (it would reach the JavaScript object prototype); expected a plain name such as workflow.${key === '__proto__' ? 'proto' : key}_value`,
  );

function guardKey(raw: string, key: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw forbidden(raw, key);
}

/** A fresh object for variables: no prototype, so no name can reach Object.prototype through it. */
export const emptyRecord = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

export function normalizePath(path: string): string {
  const t = path.trim();
  const m = /^\{\{\s*(.*?)\s*\}\}$/.exec(t);
  return m ? m[1] : t;
}

export function parsePath(raw: string): PathSegment[] {
  const path = normalizePath(raw);
  if (!path) throw new PathError(raw, 'is empty');
  const segs: PathSegment[] = [];
  let i = 0;
  let expectKey = true;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) throw new PathError(raw, `unclosed "[" at position ${i}`);
      const inner = path.slice(i + 1, close).trim();
      if (inner === '+') segs.push({ kind: 'append' });
      else if (/^-?\d+$/.test(inner)) segs.push({ kind: 'index', index: Number(inner) });
      else if (/^(["']).*\1$/.test(inner)) segs.push({ kind: 'key', key: inner.slice(1, -1) });
      else throw new PathError(raw, `expected a number, "+" or a quoted key inside [], got "${inner}"`);
      i = close + 1;
      expectKey = false;
    } else if (ch === '.') {
      if (expectKey) throw new PathError(raw, `empty key before "." at position ${i}`);
      i += 1;
      expectKey = true;
      if (i >= path.length) throw new PathError(raw, 'ends with "."');
    } else if (ch === ']') {
      throw new PathError(raw, `unexpected "]" at position ${i}`);
    } else {
      if (!expectKey) throw new PathError(raw, `expected "." or "[" at position ${i}`);
      let j = i;
      while (j < path.length && path[j] !== '.' && path[j] !== '[' && path[j] !== ']') j++;
      segs.push({ kind: 'key', key: path.slice(i, j).trim() });
      i = j;
      expectKey = false;
    }
  }
  for (const seg of segs) if (seg.kind === 'key') guardKey(raw, seg.key);
  const appendAt = segs.findIndex((s) => s.kind === 'append');
  if (appendAt >= 0 && appendAt !== segs.length - 1)
    throw new PathError(raw, '"[+]" may only be the last part of a path');
  return segs;
}

export function formatPath(segs: PathSegment[]): string {
  let out = '';
  for (const s of segs) {
    if (s.kind === 'key') out += (out ? '.' : '') + s.key;
    else if (s.kind === 'index') out += `[${s.index}]`;
    else out += '[+]';
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a path inside any JSON value; undefined when any step is missing. */
export function getIn(root: unknown, segs: PathSegment[]): unknown {
  let cur: unknown = root;
  for (const s of segs) {
    if (s.kind === 'append') return undefined;
    if (s.kind === 'key') {
      if (FORBIDDEN_KEYS.has(s.key)) return undefined;
      if (!isRecord(cur) || !Object.prototype.hasOwnProperty.call(cur, s.key)) return undefined;
      cur = cur[s.key];
    } else {
      if (!Array.isArray(cur)) return undefined;
      const idx = s.index < 0 ? cur.length + s.index : s.index;
      if (idx < 0 || idx >= cur.length) return undefined;
      cur = cur[idx];
    }
  }
  return cur;
}

/**
 * Writes `value` at the path inside `root` (an object), creating objects for keys and arrays for
 * indexes/appends on the way. `[+]` appends. Throws PathError when a step crosses a scalar.
 */
export function setIn(
  root: Record<string, unknown>,
  segs: PathSegment[],
  value: unknown,
  raw = formatPath(segs),
): void {
  if (!segs.length) throw new PathError(raw, 'is empty');
  if (segs[0].kind !== 'key') throw new PathError(raw, 'must start with a name');
  for (const seg of segs) if (seg.kind === 'key') guardKey(raw, seg.key);
  let cur: unknown = root;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const last = i === segs.length - 1;
    const next = segs[i + 1];
    const fresh = () => (next && next.kind !== 'key' ? [] : emptyRecord());
    if (s.kind === 'key') {
      if (!isRecord(cur)) throw new PathError(raw, `"${formatPath(segs.slice(0, i))}" is not an object`);
      if (last) {
        cur[s.key] = value;
        return;
      }
      const child = Object.prototype.hasOwnProperty.call(cur, s.key) ? cur[s.key] : undefined;
      const wantArray = next.kind !== 'key';
      if (child === undefined || child === null || (wantArray ? !Array.isArray(child) : !isRecord(child))) {
        if (child !== undefined && child !== null)
          throw new PathError(
            raw,
            `"${formatPath(segs.slice(0, i + 1))}" is ${Array.isArray(child) ? 'an array' : typeof child}, not ${wantArray ? 'an array' : 'an object'}`,
          );
        cur[s.key] = fresh();
      }
      cur = cur[s.key];
    } else if (s.kind === 'append') {
      if (!Array.isArray(cur)) throw new PathError(raw, `"${formatPath(segs.slice(0, i))}" is not an array`);
      cur.push(value);
      return;
    } else {
      if (!Array.isArray(cur)) throw new PathError(raw, `"${formatPath(segs.slice(0, i))}" is not an array`);
      const idx = s.index < 0 ? cur.length + s.index : s.index;
      if (idx < 0) throw new PathError(raw, `index ${s.index} is out of range`);
      if (last) {
        cur[idx] = value;
        return;
      }
      if (cur[idx] === undefined || cur[idx] === null) cur[idx] = fresh();
      cur = cur[idx];
    }
  }
}

/** Removes the value at the path; true when something was removed. */
export function deleteIn(root: Record<string, unknown>, segs: PathSegment[]): boolean {
  if (!segs.length) return false;
  if (segs.some((seg) => seg.kind === 'key' && FORBIDDEN_KEYS.has(seg.key))) return false;
  const parent = getIn(root, segs.slice(0, -1));
  const s = segs[segs.length - 1];
  if (s.kind === 'key' && isRecord(parent) && Object.prototype.hasOwnProperty.call(parent, s.key)) {
    delete parent[s.key];
    return true;
  }
  if (s.kind === 'index' && Array.isArray(parent)) {
    const idx = s.index < 0 ? parent.length + s.index : s.index;
    if (idx >= 0 && idx < parent.length) {
      parent.splice(idx, 1);
      return true;
    }
  }
  return false;
}
