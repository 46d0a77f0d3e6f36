import type { RpcResult } from '../../src-shared/contract/index.js';
import { clipLongTokens } from '../../src-shared/limits.js';
import { callMethod, type ApiContext } from '../app/index.js';
import { METHODS } from '../app/rooms.js';

/**
 * The API's only entry: calls the application's method table by name (app/rooms.ts, app/method-table.ts).
 * Never throws; every failure comes back as `{ok:false, error:{code, message, path}}`, with a 4 MB id or a
 * 300 KB path quoted in a message cut (src-shared/limits.ts).
 */
export async function dispatch(ctx: ApiContext, method: string, rawInput: unknown): Promise<RpcResult<unknown>> {
  const result = await callMethod(METHODS, ctx, method, rawInput);
  return result.ok ? result : { ok: false, error: { ...result.error, message: clipLongTokens(result.error.message) } };
}
