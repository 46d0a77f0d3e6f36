import type { z } from 'zod';
import {
  contract,
  formatPath,
  type ApiError,
  type Contract,
  type MethodName,
  type MethodOutput,
  type RpcResult,
} from '../../src-shared/contract/index.js';
import { StoreError } from '../store/index.js';
import type { ApiContext } from './door/context.js';
import { AppError } from './errors.js';
import { refuseKeyEnvSpecs } from './models/key-env-policy.js';
import { refuseCommandSpeechSpecs } from './speech/speech-policy.js';

/**
 * The application is one method table (docs/architecture.md): each domain room (app/<domain>/room.ts) registers
 * the contract methods it answers by name; `createMethodTable` combines the rooms and throws on a name registered
 * twice, so a duplicate fails at start instead of one silently winning. Both doors call the table by name:
 * the app's API (api/dispatch.ts) and the command line (cli/use-app.ts), through `callMethod`.
 */
export type Method<M extends MethodName> = (
  ctx: ApiContext,
  input: z.infer<Contract[M]['input']>,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

/** A group of methods, keyed by contract name (a room's methods may be written in several files). */
export type Methods = { [M in MethodName]?: Method<M> };

type AnyMethod = (ctx: ApiContext, input: unknown) => unknown;

export interface Room {
  name: string;
  methods: ReadonlyMap<MethodName, AnyMethod>;
}

/** One domain's methods. A name given twice (in two of its groups) throws, naming the room and the method. */
export function defineRoom(name: string, ...groups: Methods[]): Room {
  const methods = new Map<MethodName, AnyMethod>();
  for (const group of groups)
    for (const [method, fn] of Object.entries(group) as [MethodName, AnyMethod][]) {
      if (methods.has(method)) throw new Error(`room ${name} registers method "${method}" twice`);
      if (!Object.prototype.hasOwnProperty.call(contract, method))
        throw new Error(`room ${name} registers "${method}", which the contract (src-shared/contract) does not name`);
      methods.set(method, fn);
    }
  return { name, methods };
}

export interface MethodTable {
  /** The method registered under this name, or undefined (the contract names it but no room answers it yet). */
  get(name: MethodName): AnyMethod | undefined;
  /** Every registered name, in room order. */
  names(): MethodName[];
  /** The room that answers a name. */
  roomOf(name: MethodName): string | undefined;
}

/** Combines the rooms; a method registered by two rooms throws at start, naming both. */
export function createMethodTable(rooms: Room[]): MethodTable {
  const byName = new Map<MethodName, { room: string; fn: AnyMethod }>();
  for (const room of rooms)
    for (const [name, fn] of room.methods) {
      const taken = byName.get(name);
      if (taken) throw new Error(`method "${name}" is registered by two rooms: ${taken.room} and ${room.name}`);
      byName.set(name, { room: room.name, fn });
    }
  return {
    get: (name) => byName.get(name)?.fn,
    names: () => [...byName.keys()],
    roomOf: (name) => byName.get(name)?.room,
  };
}

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
  if (e instanceof AppError) return e.error;
  if (e instanceof StoreError) {
    const code = e.code === 'not_found' ? 'not_found' : e.code === 'conflict' ? 'conflict' : 'internal';
    return { code, message: e.message, ...(e.file ? { file: e.file } : {}) };
  }
  const err = e as Error;
  return { code: 'internal', message: `${method}: ${err?.message ?? String(e)}` };
}

/**
 * Calls a method of the table by name: validates the input with the contract's zod type, runs the method,
 * validates the output. Never throws; every failure comes back as `{ok:false, error:{code, message, path}}`.
 * In web mode, what only a local user may set (command: speech engines, key variables) is refused first.
 */
export async function callMethod(
  table: MethodTable,
  ctx: ApiContext,
  method: string,
  rawInput: unknown,
): Promise<RpcResult<unknown>> {
  if (!isMethod(method)) {
    return { ok: false, error: { code: 'unknown_method', message: `unknown method "${method}"` } };
  }
  const def = contract[method];
  const input = def.input.safeParse(rawInput ?? {});
  if (!input.success) return { ok: false, error: zodToApiError(input.error, 'invalid_input', method) };
  const fn = table.get(method);
  if (!fn) return { ok: false, error: { code: 'not_built', message: `${method} is not built yet in this version` } };
  let output: unknown;
  try {
    // a command: speech spec is a local user's setting, never something a web call brings in
    if (ctx.mode === 'web') refuseCommandSpeechSpecs(input.data);
    // nor a key variable Parley does not read keys from, nor one sent to a host the user did not configure
    if (ctx.mode === 'web') refuseKeyEnvSpecs(input.data, ctx.store.settings.get('models'));
    output = await fn(ctx, input.data);
  } catch (e) {
    return { ok: false, error: toApiError(e, method) };
  }
  const checked = def.output.safeParse(output);
  if (!checked.success) return { ok: false, error: zodToApiError(checked.error, 'invalid_output', method) };
  return { ok: true, output: checked.data };
}
