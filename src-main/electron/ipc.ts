import { ipcMain, type WebContents } from 'electron';
import type { ApiContext } from '../app/door/context.js';
import { dispatch } from '../api/dispatch.js';
import { storeChanges } from '../api/store-changes.js';

/** Binds the one generic IPC channel to dispatch (which validates every input with zod). */
export function bindIpc(ctx: ApiContext, contents: () => WebContents | undefined): () => void {
  ipcMain.handle('rpc', async (event, method: unknown, input: unknown) => {
    // Only our own window may call.
    if (event.sender !== contents()) return { ok: false, error: { code: 'unauthorized', message: 'unknown sender' } };
    if (typeof method !== 'string')
      return { ok: false, error: { code: 'invalid_input', message: 'method must be a string' } };
    return dispatch(ctx, method, input);
  });
  const off = ctx.events.on((e) => contents()?.send('event', e));
  // other processes' writes to the same database reach the window as `store.changed`
  const release = storeChanges(ctx).hold();
  return () => {
    ipcMain.removeHandler('rpc');
    off();
    release();
  };
}
