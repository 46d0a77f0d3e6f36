import fs from 'node:fs';
import path from 'node:path';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { isPlainObject, stableStringify } from '../../../src-main/formats/shared/stable-json.js';
import { ROOT } from '../../unit/formats/helpers.js';

/**
 * What the importers make of each key of the field corpus's JSON files, found by taking the key out and
 * importing again: `required` (the file no longer imports), `read` (the graph Parley runs changes), `kept`
 * (only the source metadata written back on export changes), `ignored` (nothing changes: a default or a
 * loss). The tables in docs/formats.md ("The field corpus: read, kept, dropped") are checked against it:
 * `npx tsx tests/integration/formats/field-corpus-keys.ts vapi` (a folder of tests/fixtures/field/).
 */
type Status = 'required' | 'read' | 'kept' | 'ignored';

/** Bookkeeping the importers record about the file's shape (key order, which keys were there), not its content. */
const SHAPE_KEYS = /key_order|_present$|_absent$|^present$/;

/** The graph with its source metadata left out (`withMeta` false), or with only the shape bookkeeping left out. */
function view(v: unknown, withMeta: boolean): unknown {
  if (Array.isArray(v)) return v.map((x) => view(x, withMeta));
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (withMeta ? SHAPE_KEYS.test(k) : k === 'source_meta' || k === 'source') continue;
    out[k] = view(x, withMeta);
  }
  return out;
}

/** Every key path of `v` up to five keys deep, array items folded into `[]` (`nodes[].data.prompt`). */
function keyPaths(v: unknown, prefix: string, depth: number, out: Set<string>): Set<string> {
  if (Array.isArray(v)) for (const x of v) keyPaths(x, `${prefix}[]`, depth, out);
  else if (isPlainObject(v) && depth < 5)
    for (const [k, x] of Object.entries(v)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      keyPaths(x, p, depth + 1, out);
    }
  return out;
}

/** `v` without the key at `segments` (in every array item along the way). */
function without(v: unknown, segments: string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => without(x, segments));
  if (!isPlainObject(v) || segments.length === 0) return v;
  const [head, ...rest] = segments;
  const key = head.replace(/(\[\])+$/, '');
  if (!(key in v)) return v;
  const copy: Record<string, unknown> = { ...v };
  if (rest.length === 0) delete copy[key];
  else copy[key] = without(copy[key], rest);
  return copy;
}

/** For each key path of the platform folder's JSON agent files: its statuses and how many files have it. */
export function classifyKeys(platform: string): Map<string, { statuses: Set<Status>; files: number }> {
  const dir = path.join(ROOT, 'tests/fixtures/field', platform);
  const out = new Map<string, { statuses: Set<Status>; files: number }>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const base = parseAgentFile(text, file);
    if (!base.ok || base.kind !== 'agent') continue;
    const graph = stableStringify(view(base.graph, false));
    const kept = stableStringify(view(base.graph, true));
    const raw: unknown = JSON.parse(text);
    for (const p of keyPaths(raw, '', 0, new Set())) {
      const r = parseAgentFile(JSON.stringify(without(raw, p.split('.'))), file);
      const status: Status =
        !r.ok || r.kind !== 'agent'
          ? 'required'
          : stableStringify(view(r.graph, false)) !== graph
            ? 'read'
            : stableStringify(view(r.graph, true)) !== kept
              ? 'kept'
              : 'ignored';
      const entry = out.get(p) ?? { statuses: new Set<Status>(), files: 0 };
      entry.statuses.add(status);
      entry.files++;
      out.set(p, entry);
    }
  }
  return out;
}

if (process.argv[1]?.endsWith('field-corpus-keys.ts')) {
  const platform = process.argv[2];
  if (!platform) throw new Error('usage: npx tsx tests/integration/formats/field-corpus-keys.ts <platform folder>');
  for (const [p, e] of [...classifyKeys(platform)].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${p}\t${[...e.statuses].join('/')}\t${e.files} file(s)`);
}
