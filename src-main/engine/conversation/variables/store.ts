import { cloneJson, deepMerge } from './merge.js';
import { deleteIn, getIn, normalizePath, parsePath, PathError, setIn } from './path.js';
import { systemValue, type SystemContext } from './system.js';

/** Namespaces of the call-context model; they are plain top-level keys of the one store. */
export const NAMESPACES = ['user', 'workflow', 'flags', 'agents', 'params'] as const;

/** `user.*` is the data the call was dispatched with: immutable during the call (seed 004). */
export const READ_ONLY_NAMESPACE = 'user';
const READ_ONLY_MESSAGE =
  'user.* is the caller data the call started with and cannot change during the call; set workflow.* or a plain variable instead';

/** True for `user`, `user.x`, `user[0]`... */
export function isReadOnlyPath(path: string): boolean {
  const p = normalizePath(path);
  return (
    p === READ_ONLY_NAMESPACE || p.startsWith(`${READ_ONLY_NAMESPACE}.`) || p.startsWith(`${READ_ONLY_NAMESPACE}[`)
  );
}

/**
 * The call context of one conversation: one JSON object holding plain dynamic variables and the
 * namespaces (`user`, `workflow`, `flags`, `agents`, `params`) as top-level keys.
 * Layers: system variables < graph defaults < test `dynamic_variables` < values set during the call.
 */
export class VariableStore {
  private data: Record<string, unknown>;

  constructor(
    layers: { defaults?: Record<string, unknown>; test?: Record<string, unknown> },
    private readonly system: SystemContext,
  ) {
    this.data = deepMerge(cloneJson(layers.defaults ?? {}), cloneJson(layers.test ?? {}));
  }

  /** Value at a path, or undefined. A flat key containing dots (`"order.id"`) is found too. */
  get(path: string): unknown {
    const p = normalizePath(path);
    if (Object.prototype.hasOwnProperty.call(this.data, p)) return this.data[p];
    let segs;
    try {
      segs = parsePath(p);
    } catch {
      return undefined;
    }
    const v = getIn(this.data, segs);
    if (v !== undefined) return v;
    if (segs.length === 1 && segs[0].kind === 'key') return systemValue(segs[0].key, this.system);
    return undefined;
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** Sets a value; `[+]` appends; intermediate objects/arrays are created. Throws PathError (also for user.*, which is read-only). */
  set(path: string, value: unknown): void {
    if (isReadOnlyPath(path)) throw new PathError(path, READ_ONLY_MESSAGE);
    setIn(this.data, parsePath(path), cloneJson(value), normalizePath(path));
  }

  delete(path: string): boolean {
    if (isReadOnlyPath(path)) throw new PathError(path, READ_ONLY_MESSAGE);
    return deleteIn(this.data, parsePath(path));
  }

  /** Everything set by defaults, the test and the call (system variables excluded), deep-copied. */
  snapshot(): Record<string, unknown> {
    return cloneJson(this.data);
  }
}
