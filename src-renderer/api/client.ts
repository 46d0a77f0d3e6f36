import type { ApiError, AppEvent, MethodInput, MethodName, MethodOutput } from '../../src-shared/contract/index.js';
import { ipcTransport, readWebToken, webTransport, type ConnectionState, type Transport } from './transport.js';

export class ApiClientError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiClientError';
  }
}

export interface Client {
  call<M extends MethodName>(method: M, input?: MethodInput<M>): Promise<MethodOutput<M>>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Connection changes of the event stream (web mode); a no-op under Electron. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

export function createClient(transport: Transport): Client {
  return {
    async call(method, input) {
      const r = await transport.invoke(method, input ?? {});
      if (!r.ok) throw new ApiClientError(r.error);
      return r.output as never;
    },
    subscribe: (l) => transport.subscribe(l),
    onConnection: (l) => transport.onConnection?.(l) ?? (() => {}),
  };
}

/** Electron when the preload bridge is there, web mode otherwise. */
export const api: Client = createClient(window.parley ? ipcTransport(window.parley) : webTransport(readWebToken()));
