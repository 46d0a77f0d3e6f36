import type { z } from 'zod';
import {
  contract,
  formatPath,
  type ApiError,
  type MethodName,
  type RpcResult,
} from '../../src-shared/contract/index.js';
import { clipLongTokens } from '../../src-shared/limits.js';
import { StoreError } from '../store/index.js';
import { refuseCommandSpeechSpecs } from '../app/speech-policy.js';
import { refuseKeyEnvSpecs } from '../app/key-env-policy.js';
import type { ApiContext } from './context.js';
import { ApiFailure } from './errors.js';
import { handlers } from './handlers/index.js';

const isMethod = (m: string): m is MethodName => Object.prototype.hasOwnProperty.call(contract, m);

function zodToApiError(err: z.ZodError, code: 'invalid_input' | 'invalid_output', method: string): ApiError {
  const issues = err.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  const lead =
    code === 'invalid_input' ? `${method}: invalid input` : `${method}: the app produced an invalid answer (a bug)`;
  return { code, message: `${lead}: ${where}${first?.message ?? 'invalid'}`, path: first?.path, issues };
}

function toApiError(e: unknown, method: string): ApiError {
  if (e instanceof ApiFailure) return e.error;
  if (e instanceof StoreError) {
    const code = e.code === 'not_found' ? 'not_found' : e.code === 'conflict' ? 'conflict' : 'internal';
    return { code, message: e.message, ...(e.file ? { file: e.file } : {}) };
  }
  const err = e as Error;
  return { code: 'internal', message: `${method}: ${err?.message ?? String(e)}` };
}

/**
 * The only entry to the API: validates the input, runs the handler, validates the output.
 * Never throws; every failure comes back as `{ok:false, error:{code, message, path}}`.
 */
export async function dispatch(ctx: ApiContext, method: string, rawInput: unknown): Promise<RpcResult<unknown>> {
  const result = await dispatchUnclipped(ctx, method, rawInput);
  // a 4 MB id or a 300 KB path quoted in a message is cut (src-shared/limits.ts)
  return result.ok ? result : { ok: false, error: { ...result.error, message: clipLongTokens(result.error.message) } };
}

async function dispatchUnclipped(ctx: ApiContext, method: string, rawInput: unknown): Promise<RpcResult<unknown>> {
  if (!isMethod(method)) {
    return { ok: false, error: { code: 'unknown_method', message: `unknown method "${method}"` } };
  }
  const def = contract[method];
  const input = def.input.safeParse(rawInput ?? {});
  if (!input.success) return { ok: false, error: zodToApiError(input.error, 'invalid_input', method) };
  const handler = handlers[method] as ((ctx: ApiContext, input: unknown) => unknown) | undefined;
  if (!handler)
    return { ok: false, error: { code: 'not_built', message: `${method} is not built yet in this version` } };
  let output: unknown;
  try {
    // a command: speech spec is a local user's setting, never something a web call brings in
    if (ctx.mode === 'web') refuseCommandSpeechSpecs(input.data);
    // nor a key variable Parley does not read keys from, nor one sent to a host the user did not configure
    if (ctx.mode === 'web') refuseKeyEnvSpecs(input.data, ctx.store.settings.get('models'));
    output = await handler(ctx, input.data);
  } catch (e) {
    return { ok: false, error: toApiError(e, method) };
  }
  const checked = def.output.safeParse(output);
  if (!checked.success) return { ok: false, error: zodToApiError(checked.error, 'invalid_output', method) };
  return { ok: true, output: checked.data };
}
