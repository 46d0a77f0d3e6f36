import type { ToolCallRecord, TranscriptTurn } from '../../src-shared/schemas/index.js';

/** Tool arguments: platforms send a JSON string or an object; anything else is kept under `raw`. */
export function parseArgs(v: unknown): Record<string, unknown> | null {
  if (v === undefined || v === null || v === '') return {};
  if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v !== 'string') return null;
  try {
    const parsed = JSON.parse(v) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A tool result: JSON text is parsed, other text kept as a string. */
export function parseResult(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** The transcript turn for a finished tool call, in the engine's wording: `name(args) -> result`. */
export function toolTurn(record: ToolCallRecord): TranscriptTurn {
  const answer =
    record.error !== undefined
      ? `error: ${record.error}`
      : typeof record.result === 'string'
        ? record.result
        : JSON.stringify(record.result ?? null);
  return {
    role: 'tool',
    content: `${record.name}(${JSON.stringify(record.args)}) -> ${answer}`,
    tool: record.name,
    ...(record.node ? { node: record.node } : {}),
  };
}
