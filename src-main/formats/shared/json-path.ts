/** JSON paths as people read them: `nodes[3].edges[1].destination_node_id`, `nodes["my node"].id`. */

export type PathSegment = string | number;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats path segments; the empty path is the document itself. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** Appends segments to an already formatted path. */
export function joinPath(base: string, ...segments: PathSegment[]): string {
  const tail = formatPath(segments);
  if (!base) return tail;
  if (!tail) return base;
  return tail.startsWith('[') ? base + tail : `${base}.${tail}`;
}

export function displayPath(path: string): string {
  return path || '(top level)';
}

/** Joins two already formatted paths: `agent` + `nodes[0].id` -> `agent.nodes[0].id`. */
export function concatPaths(base: string, tail: string): string {
  if (!base) return tail;
  if (!tail) return base;
  return tail.startsWith('[') ? base + tail : `${base}.${tail}`;
}
