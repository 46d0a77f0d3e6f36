import type { ApiError } from '../../src-shared/contract/index.js';

/** A handler error with an API error code; anything else thrown becomes `internal`. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiFailure';
  }
}

export const notBuilt = (what: string, issue: string): ApiFailure =>
  new ApiFailure({ code: 'not_built', message: `${what} is not built yet in this version (${issue}).` });

export const notFound = (what: string): ApiFailure =>
  new ApiFailure({ code: 'not_found', message: `${what} not found` });
