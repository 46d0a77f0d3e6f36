import { cloneJson, deepMerge } from './merge.js';
import { deleteIn, getIn, normalizePath, parsePath, setIn } from './path.js';
import { systemValue, type SystemContext } from './system.js';

/** Namespaces of the call-context model; they are plain top-level keys of the one store. */
export const NAMESPACES = ['user', 'workflow', 'flags', 'agents', 'params'] as const;

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
    try { segs = parsePath(p); } catch { return undefined; }
    const v = getIn(this.data, segs);
    if (v !== undefined) return v;
    if (segs.length === 1 && segs[0].kind === 'key') return systemValue(segs[0].key, this.system);
    return undefined;
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** Sets a value; `[+]` appends; intermediate objects/arrays are created. Throws PathError. */
  set(path: string, value: unknown): void {
    setIn(this.data, parsePath(path), cloneJson(value), normalizePath(path));
  }

  delete(path: string): boolean {
    return deleteIn(this.data, parsePath(path));
  }

  /** Everything set by defaults, the test and the call (system variables excluded), deep-copied. */
  snapshot(): Record<string, unknown> {
    return cloneJson(this.data);
  }
}
