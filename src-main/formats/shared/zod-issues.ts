import type { z } from 'zod';
import type { Issue } from '../types.js';
import { formatPath, type PathSegment } from './json-path.js';

type ZodIssue = z.core.$ZodIssue;

/**
 * Turns zod's issues into Parley issues: the JSON path of the value and a sentence saying what was
 * found and what was expected (`found 3; expected a string`), instead of zod's generic wording.
 */
export function zodIssuesToIssues(
  error: z.ZodError,
  opts: { file: string; input: unknown; mapPath?: (segments: PathSegment[]) => string; severity?: Issue['severity'] },
): Issue[] {
  const mapPath = opts.mapPath ?? formatPath;
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const issue of flatten(error.issues)) {
    const segments = issue.path.filter((s): s is PathSegment => typeof s === 'string' || typeof s === 'number');
    const path = mapPath(segments);
    const message = describeIssue(issue, segments, opts.input);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ severity: opts.severity ?? 'error', file: opts.file, path, message });
  }
  return out;
}

/** Picks the most helpful branch of a failed union: the one that got furthest (fewest, deepest issues). */
function flatten(issues: readonly ZodIssue[]): ZodIssue[] {
  const out: ZodIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length && !('discriminator' in issue && issue.discriminator)) {
      const best = [...issue.errors].sort((a, b) => score(a) - score(b))[0];
      const prefix = issue.path;
      out.push(...flatten(best.map((i) => ({ ...i, path: [...prefix, ...i.path] }) as ZodIssue)));
    } else {
      out.push(issue);
    }
  }
  return out;
}

function score(branch: readonly ZodIssue[]): number {
  const depth = Math.max(0, ...branch.map((i) => i.path.length));
  return branch.length * 10 - depth;
}

export function valueAt(input: unknown, segments: readonly PathSegment[]): { found: boolean; value: unknown } {
  let cur: unknown = input;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur as object, s))
      return { found: false, value: undefined };
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return { found: true, value: cur };
}

/** `"abc"`, `3`, `an object`, `an array of 2 items`, `null`. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length ? `an array of ${v.length} item${v.length === 1 ? '' : 's'}` : 'an empty array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return v.length > 60 ? `${JSON.stringify(v.slice(0, 57))}...` : JSON.stringify(v);
  return String(v);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  null: 'null',
  literal: 'a fixed value',
};

function describeIssue(issue: ZodIssue, segments: PathSegment[], input: unknown): string {
  const at = valueAt(input, segments);
  const found = at.found ? `found ${describeValue(at.value)}` : 'missing';
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return `${found}; expected ${expected}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      if (isOperatorPath(segments))
        return `unknown equation operator ${at.found ? describeValue(at.value) : '(missing)'}; expected one of ${issue.values.join(', ')}`;
      return `${found}; expected ${values.length === 1 ? values[0] : `one of ${values.join(', ')}`}`;
    }
    case 'invalid_union': {
      if ('discriminator' in issue && issue.discriminator) {
        const options = ((issue as { options?: unknown[] }).options ?? []).map((o) => JSON.stringify(o));
        const what =
          segments[segments.length - 1] === 'type' && segments.includes('nodes') ? 'unknown node type' : found;
        return `${what === found ? found : `${what} ${at.found ? describeValue(at.value) : '(missing)'}`}; expected ${options.length ? `one of ${options.join(', ')}` : 'a known kind'}`;
      }
      return `${found}; expected one of the allowed shapes`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array') return `${found}; expected at least ${min} item${min === 1 ? '' : 's'}`;
      if (issue.origin === 'string')
        return min <= 1 ? `${found}; expected a non-empty string` : `${found}; expected at least ${min} characters`;
      return `${found}; expected ${issue.inclusive ? 'at least' : 'more than'} ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return `${found}; expected at most ${max} items`;
      if (issue.origin === 'string') return `${found}; expected at most ${max} characters`;
      return `${found}; expected ${issue.inclusive ? 'at most' : 'less than'} ${max}`;
    }
    case 'unrecognized_keys':
      return `unexpected key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; expected none of them here`;
    case 'invalid_format':
      return `${found}; expected ${issue.format} format`;
    case 'custom':
      return issue.message;
    case 'not_multiple_of':
      return `${found}; expected a multiple of ${String(issue.divisor)}`;
    default:
      return `${found}; ${issue.message}`;
  }
}

function isOperatorPath(segments: PathSegment[]): boolean {
  return segments[segments.length - 1] === 'operator' && segments.includes('equations');
}
