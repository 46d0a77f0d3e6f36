import { defineKey } from './stable-json.js';
import { formatPath, type PathSegment } from './json-path.js';

/**
 * A strict JSON reader that says where things go wrong: line and column of a syntax error, the JSON
 * path it happened in, nesting deeper than a limit, and keys that appear twice in one object
 * (JSON.parse silently keeps the last one). Same values as JSON.parse otherwise.
 */

export interface JsonTextOptions {
  /** Deepest allowed nesting of objects and arrays (default 64). */
  maxDepth?: number;
}

export interface DuplicateKey {
  path: string;
  key: string;
}

export type JsonTextResult =
  | { ok: true; value: unknown; duplicateKeys: DuplicateKey[] }
  | { ok: false; message: string; line: number; column: number; path: string };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WS = /[ \t\n\r]*/y;

/** The JSON string starting at `start` (its opening quote): its value and the offset after its closing quote. */
function readJsonString(src: string, start: number): [string, number] {
  let i = start + 1;
  for (;;) {
    const q = src.indexOf('"', i);
    if (q < 0) throw new JsonSyntaxError('unterminated string; expected a closing "', start);
    let bs = 0;
    for (let k = q - 1; k > start && src.charCodeAt(k) === 92; k--) bs++;
    if (bs % 2 === 0) {
      i = q;
      break;
    }
    i = q + 1;
  }
  const raw = src.slice(start + 1, i);
  const end = i + 1;
  for (let k = 0; k < raw.length; k++) {
    if (raw.charCodeAt(k) < 0x20)
      throw new JsonSyntaxError(
        'control character inside a string; expected it escaped (\\n, \\t, \\u00XX)',
        start + 1 + k,
      );
  }
  if (raw.indexOf('\\') < 0) return [raw, end];
  try {
    return [JSON.parse(src.slice(start, end)) as string, end];
  } catch {
    const bad = raw.search(/\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})/);
    throw new JsonSyntaxError(
      'invalid escape in string; expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX',
      start + 1 + Math.max(0, bad),
    );
  }
}

export function parseJsonText(text: string, opts: JsonTextOptions = {}): JsonTextResult {
  const maxDepth = opts.maxDepth ?? 64;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const duplicateKeys: DuplicateKey[] = [];
  const path: PathSegment[] = [];
  let pos = 0;

  const skipWs = () => {
    WS.lastIndex = pos;
    WS.exec(src);
    pos = WS.lastIndex;
  };
  const describe = (p: number) => (p >= src.length ? 'the end of the file' : `${JSON.stringify(src[p])}`);
  const fail = (what: string, p = pos): never => {
    throw new JsonSyntaxError(`${what}, found ${describe(p)}`, p);
  };

  const readString = (): string => {
    const [value, end] = readJsonString(src, pos);
    pos = end;
    return value;
  };

  const readValue = (depth: number): unknown => {
    skipWs();
    const c = src[pos];
    if (c === '{' || c === '[') {
      if (depth >= maxDepth)
        throw new JsonSyntaxError(
          `nesting deeper than ${maxDepth} levels; expected at most ${maxDepth} levels of objects and arrays`,
          pos,
        );
      return c === '{' ? readObject(depth + 1) : readArray(depth + 1);
    }
    if (c === '"') return readString();
    if (c === 't' && src.startsWith('true', pos)) {
      pos += 4;
      return true;
    }
    if (c === 'f' && src.startsWith('false', pos)) {
      pos += 5;
      return false;
    }
    if (c === 'n' && src.startsWith('null', pos)) {
      pos += 4;
      return null;
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(src);
    if (m && m[0] !== '-') {
      pos += m[0].length;
      return Number(m[0]);
    }
    return fail('expected a value (object, array, string, number, true, false or null)');
  };

  const readObject = (depth: number): Record<string, unknown> => {
    pos++;
    const obj: Record<string, unknown> = {};
    const seen = new Set<string>();
    skipWs();
    if (src[pos] === '}') {
      pos++;
      return obj;
    }
    for (;;) {
      skipWs();
      if (src[pos] !== '"')
        fail(
          seen.size
            ? 'expected a property name in double quotes (no trailing comma)'
            : 'expected a property name in double quotes or }',
        );
      const key = readString();
      skipWs();
      if (src[pos] !== ':') fail(`expected ':' after property name ${JSON.stringify(key)}`);
      pos++;
      path.push(key);
      const value = readValue(depth);
      path.pop();
      if (seen.has(key)) duplicateKeys.push({ path: formatPath(path), key });
      seen.add(key);
      defineKey(obj, key, value);
      skipWs();
      if (src[pos] === ',') {
        pos++;
        continue;
      }
      if (src[pos] === '}') {
        pos++;
        return obj;
      }
      fail(`expected ',' or '}' after the value of ${JSON.stringify(key)}`);
    }
  };

  const readArray = (depth: number): unknown[] => {
    pos++;
    const arr: unknown[] = [];
    skipWs();
    if (src[pos] === ']') {
      pos++;
      return arr;
    }
    for (;;) {
      path.push(arr.length);
      skipWs();
      if (src[pos] === ']' && arr.length) fail("expected a value after ',' (no trailing comma)");
      arr.push(readValue(depth));
      path.pop();
      skipWs();
      if (src[pos] === ',') {
        pos++;
        continue;
      }
      if (src[pos] === ']') {
        pos++;
        return arr;
      }
      fail(`expected ',' or ']' after item ${arr.length - 1}`);
    }
  };

  try {
    const value = readValue(0);
    skipWs();
    if (pos < src.length) fail('expected the end of the file after the top-level value');
    return { ok: true, value, duplicateKeys };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const { line, column } = lineColumn(src, e.pos);
    return { ok: false, message: e.message, line, column, path: formatPath(path) };
  }
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: pos - lineStart + 1 };
}
