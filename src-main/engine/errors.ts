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

/**
 * A request the engine cannot carry out as asked (an unknown test or persona, a cap exceeded, no judge for
 * the metrics): `path` names the request field at fault (`options.tests`, `judge`), never a CLI flag; the
 * application layer turns it into an `invalid_input` error and each door names the field its own way.
 */
export class EngineInputError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}
