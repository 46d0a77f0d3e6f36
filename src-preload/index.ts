import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// One generic bridge: invoke any contract method, listen to app events. No per-method code here;
// every input is validated by zod in the main process.
contextBridge.exposeInMainWorld('parley', {
  invoke: (method: string, input: unknown) => ipcRenderer.invoke('rpc', method, input),
  on: (listener: (event: unknown) => void) => {
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on('event', wrapped);
    return () => {
      ipcRenderer.removeListener('event', wrapped);
    };
  },
});
