import { concatPaths } from './json-path.js';

/**
 * Where each part of an imported graph came from in the source file. Keys are paths in the Parley
 * graph (`nodes[3].transitions[1].target`), values are paths in the file
 * (`nodes[3].edges[1].destination_node_id`). A lookup falls back to the nearest recorded ancestor, so
 * importers record what they know precisely and messages still point somewhere sensible.
 */
export class SourcePaths {
  private readonly map = new Map<string, string>();

  /** `rewrite` set: source paths follow from graph paths by a rule (Parley JSON itself, a bare test list) instead of a table. */
  constructor(private readonly rewrite?: (graphPath: string) => string) {}

  /** The file is the graph itself, under `prefix` (`agent.nodes[0]`). */
  static identity(prefix = ''): SourcePaths {
    return new SourcePaths((p) => concatPaths(prefix, p));
  }

  /** Source paths computed from graph paths by `fn`. */
  static rule(fn: (graphPath: string) => string): SourcePaths {
    return new SourcePaths(fn);
  }

  set(graphPath: string, sourcePath: string): this {
    this.map.set(graphPath, sourcePath);
    return this;
  }

  get(graphPath: string): string {
    if (this.rewrite) return this.rewrite(graphPath);
    for (let p: string | undefined = graphPath; p !== undefined; p = parentPath(p)) {
      const hit = this.map.get(p);
      if (hit !== undefined) return hit;
    }
    return graphPath;
  }

  get size(): number {
    return this.map.size;
  }
}

/** `a.b[2].c` -> `a.b[2]` -> `a.b` -> `a` -> `` -> undefined. */
export function parentPath(path: string): string | undefined {
  if (path === '') return undefined;
  const m = /(?:\.[^.[\]]+|\[[^\]]*\])$/.exec(path);
  if (!m) return '';
  return path.slice(0, m.index);
}
