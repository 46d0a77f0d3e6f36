/**
 * An `includes` / `excludes` entry checks one side of the conversation when it starts with `agent:` or
 * `caller:` (any case, spaces allowed), else the whole transcript. The one reading, used by the
 * engine's substring rules and the suite editor.
 */
export function splitSide(entry: string): { side: 'agent' | 'caller' | undefined; text: string } {
  const m = /^\s*(agent|caller)\s*:\s*/i.exec(entry);
  if (!m) return { side: undefined, text: entry };
  return { side: m[1].toLowerCase() as 'agent' | 'caller', text: entry.slice(m[0].length) };
}
