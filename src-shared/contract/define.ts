import { z } from 'zod';

/** One API method: its input and output schemas, validated on every call by dispatch. */
export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  summary: string;
  input: I;
  output: O;
}

export const method = <I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
): MethodDef<I, O> => ({ summary, input, output });

export const API_ERROR_CODES = [
  'invalid_input',
  'invalid_output',
  'unknown_method',
  'not_found',
  'conflict',
  'unauthorized',
  'too_large',
  'not_built',
  'unavailable',
  'internal',
] as const;

export const ApiError = z.object({
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  /** JSON path of the offending input field (`graph.nodes[3].id`) or in a file. */
  path: z.string().optional(),
  /** The file the error is about, when there is one. */
  file: z.string().optional(),
  /** Further issues (e.g. every validation error of an import). */
  issues: z.array(z.object({ path: z.string(), message: z.string(), file: z.string().optional() })).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export type RpcResult<T> = { ok: true; output: T } | { ok: false; error: ApiError };

/** `nodes[3].id` style path from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}
