import { ipcMain, type WebContents } from 'electron';
import WebSocket from 'ws';
import { callBackend, type BackendProcess } from '../server/backend-process.js';

/**
 * The window's one IPC channel forwarded to the backend process over its HTTP API (the same calls web mode's
 * page makes, with the token only this process holds), and the backend's event socket forwarded to the window.
 */
export function bindBackendIpc(backend: BackendProcess, contents: () => WebContents | undefined): () => void {
  ipcMain.handle('rpc', async (event, method: unknown, input: unknown) => {
    if (event.sender !== contents()) return { ok: false, error: { code: 'unauthorized', message: 'unknown sender' } };
    if (typeof method !== 'string')
      return { ok: false, error: { code: 'invalid_input', message: 'method must be a string' } };
    try {
      return await callBackend(backend, method, input);
    } catch (e) {
      return {
        ok: false,
        error: { code: 'unavailable', message: `the Parley backend did not answer (${(e as Error).message})` },
      };
    }
  });
  const socket = new WebSocket(`ws://127.0.0.1:${backend.port}/events`, {
    headers: { 'X-Parley-Token': backend.token },
  });
  socket.on('message', (data) => contents()?.send('event', JSON.parse(String(data))));
  socket.on('error', () => {
    /* the backend ended: calls answer "did not answer" */
  });
  return () => {
    ipcMain.removeHandler('rpc');
    socket.close();
  };
}
