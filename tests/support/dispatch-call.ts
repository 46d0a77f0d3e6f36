import type { MethodInput, MethodName, MethodOutput, RpcResult } from '../../src-shared/contract/index.js';
import type { ApiContext } from '../../src-main/app/door/context.js';
import { dispatch } from '../../src-main/api/dispatch.js';

/** A typed API call through dispatch that throws on `{ok:false}` (for tests that expect success). */
export function dispatchCaller(ctx: () => ApiContext) {
  return async <M extends MethodName>(m: M, i: MethodInput<M>): Promise<MethodOutput<M>> => {
    const r = (await dispatch(ctx(), m, i)) as RpcResult<MethodOutput<M>>;
    if (!r.ok) throw new Error(`${m}: ${r.error.code}: ${r.error.message}`);
    return r.output;
  };
}
