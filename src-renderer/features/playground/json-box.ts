/** Parses the variables / tool mocks boxes: a JSON object (or array for mocks); the error says where. */
export function parseJsonBox(
  text: string,
  what: 'object' | 'array',
  label: string,
): { value?: unknown; error?: string } {
  if (!text.trim()) return { value: what === 'object' ? {} : [] };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { error: `${label}: not valid JSON (${(e as Error).message})` };
  }
  if (what === 'object' && (typeof v !== 'object' || v === null || Array.isArray(v)))
    return { error: `${label}: expected a JSON object like {"name": "Dana"}` };
  if (what === 'array' && !Array.isArray(v))
    return { error: `${label}: expected a JSON list like [{"tool": "find_slots", "response": {}}]` };
  return { value: v };
}
