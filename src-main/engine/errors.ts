/** The conversation was cancelled (AbortSignal). */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** A model call failed: the test ends with status `error` and this message. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

/**
 * The conversation outgrew the model's context (run option `context: end`, or `trim` with nothing
 * left to drop): it ends with end reason `context_full` and is judged on what happened.
 */
export class ContextFullError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ContextFullError';
  }
}

/** The graph cannot be executed as written (missing node, transition loop...). */
export class GraphRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphRuntimeError';
  }
}

export const isCancelled = (e: unknown, signal?: AbortSignal): boolean =>
  e instanceof CancelledError || (signal?.aborted ?? false) || (e as { code?: string } | null)?.code === 'cancelled';
