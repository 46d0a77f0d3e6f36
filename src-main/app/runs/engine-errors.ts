import { EngineInputError } from '../../engine/errors.js';
import { AppError, invalid } from '../errors.js';

/**
 * The one translation of the engine's input errors into application errors: the engine names the request
 * field at fault (`options.tests`, `judge`), the application answers `invalid_input` with that path, and each
 * door names the field its own way (the CLI maps paths to flags in cli/errors.ts). Other errors pass through.
 */
export function fromEngine(e: unknown): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof EngineInputError) return invalid(e.message, e.path);
  return e;
}

/** Runs `fn`, rethrowing the engine's input errors as application errors. */
export async function engineCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw fromEngine(e);
  }
}
