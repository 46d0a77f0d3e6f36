import type { ApiError } from '../../src-shared/contract/index.js';

/**
 * An application error: a code the API answers with, a message a person can act on, and the input
 * path it is about. The API returns it as `{ok: false, error}`; the CLI prints the message and exits
 * with the code's exit status (cli/errors.ts).
 */
export class AppError extends Error {
  constructor(
    readonly error: ApiError,
    /** The underlying failure's own words (a provider's message), for doors that phrase it their own way. */
    readonly reason?: string,
    /** Structured detail a door may print its own way (a pre-run check's problems). */
    readonly details?: unknown,
  ) {
    super(error.message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string, path?: string): AppError =>
  new AppError({ code: 'invalid_input', message, ...(path ? { path } : {}) });

export const notFound = (what: string, path?: string): AppError =>
  new AppError({ code: 'not_found', message: `${what} not found`, ...(path ? { path } : {}) });

export const conflict = (message: string): AppError => new AppError({ code: 'conflict', message });

export const unavailable = (message: string, path?: string): AppError =>
  new AppError({ code: 'unavailable', message, ...(path ? { path } : {}) });

export const notBuilt = (what: string, issue: string): AppError =>
  new AppError({ code: 'not_built', message: `${what} is not built yet in this version (${issue}).` });
