import { AppError } from '../errors.js';
import type { ApiContext } from './context.js';

/**
 * Refuses a method that reads or writes files by path unless the door may name files (the command line).
 * The app and web mode send the file's contents through the method meant for them.
 */
export function requireFileAccess(ctx: ApiContext, method: string): void {
  if (!ctx.files)
    throw new AppError({
      code: 'invalid_input',
      message: `${method} reads files by path, which only the command line may do; send the file's contents instead`,
    });
}
