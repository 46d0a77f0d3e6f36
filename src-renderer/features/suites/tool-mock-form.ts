import type { ToolMock } from '../../../src-shared/schemas/index.js';

/** How a tool mock answers: one response, an error, or a different answer per call. */
export type MockMode = 'response' | 'error' | 'sequence';

export const modeOf = (m: ToolMock): MockMode =>
  m.sequence?.length ? 'sequence' : m.error !== undefined && m.response === undefined ? 'error' : 'response';

/** The change that makes a mock answer in `mode`, keeping what it answered where it can. */
export function inMode(m: ToolMock, mode: MockMode): Partial<ToolMock> {
  if (mode === 'error') return { response: undefined, error: m.error ?? 'Service unavailable', sequence: undefined };
  if (mode === 'sequence')
    return {
      response: undefined,
      error: undefined,
      sequence: m.sequence?.length ? m.sequence : [{ response: m.response ?? {} }, { response: {} }],
    };
  return { response: m.response ?? {}, error: undefined, sequence: undefined };
}

/** A sequence with call `k` turned from a response into an error, or back. */
export function flipStep(sequence: NonNullable<ToolMock['sequence']>, k: number): NonNullable<ToolMock['sequence']> {
  return sequence.map((x, y) =>
    y === k ? (x.error !== undefined ? { response: {} } : { error: 'Service unavailable' }) : x,
  );
}
