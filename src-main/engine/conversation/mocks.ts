import type { ToolMock } from '../../../src-shared/schemas/index.js';

/**
 * Tool mocks of one conversation (seed 001 MockResolver): the first entry for the tool whose `when`
 * partially matches the arguments wins; a `sequence` steps once per call of that entry and sticks on
 * its last step. Create one resolver per conversation so sequences start fresh.
 */

export interface MockOutcome {
  /** false when no entry matched: the call is recorded and the test fails naming the tool. */
  mocked: boolean;
  result?: unknown;
  error?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Partial match: every key of `expected` must be present in `actual` and match (objects recursively,
 * arrays element-wise with equal length, scalars by string form so "17" matches 17).
 */
export function partialMatch(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected)) {
    if (!isRecord(actual)) return false;
    return Object.entries(expected).every(([k, v]) => k in actual && partialMatch(v, actual[k]));
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((v, i) => partialMatch(v, actual[i]))
    );
  }
  if (expected === null || actual === null || actual === undefined) return expected === actual;
  if (typeof actual === 'object') return false;
  return String(expected) === String(actual);
}

export class MockResolver {
  private readonly steps = new Map<number, number>();

  constructor(private readonly mocks: ToolMock[]) {}

  has(tool: string): boolean {
    return this.mocks.some((m) => m.tool === tool);
  }

  resolve(tool: string, args: Record<string, unknown>): MockOutcome {
    const index = this.mocks.findIndex((m) => m.tool === tool && (m.when === undefined || partialMatch(m.when, args)));
    if (index < 0) {
      const forTool = this.mocks.filter((m) => m.tool === tool).length;
      const why = forTool
        ? `none of the ${forTool} mock(s) for "${tool}" matched the arguments ${JSON.stringify(args)}`
        : `no mock for tool "${tool}"`;
      return { mocked: false, error: `unmocked tool call: ${why}` };
    }
    const mock = this.mocks[index];
    if (mock.sequence && mock.sequence.length) {
      const at = this.steps.get(index) ?? 0;
      this.steps.set(index, at + 1);
      const step = mock.sequence[Math.min(at, mock.sequence.length - 1)];
      return step.error !== undefined
        ? { mocked: true, error: step.error }
        : { mocked: true, result: step.response ?? null };
    }
    if (mock.error !== undefined) return { mocked: true, error: mock.error };
    return { mocked: true, result: mock.response ?? null };
  }
}
