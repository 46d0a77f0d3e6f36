import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createApiContext, disposeApiContext } from '../api/create-context.js';
import { openStore, resolveDbPath } from '../store/index.js';
import { bindIpc } from './ipc.js';
import { lockDown } from './lockdown.js';
import { createKeychain } from './secrets.js';
import { secureWindowOptions } from './window-options.js';

/** Starts the desktop app: store, API over IPC, one locked-down window. */
export async function startDesktop(dirname: string): Promise<void> {
  app.setPath('userData', path.dirname(resolveDbPath()));
  await app.whenReady();
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const indexFile = path.join(dirname, '../renderer/index.html');
  lockDown((url) => (devUrl ? url.startsWith(devUrl) : url.startsWith('file://')));

  const store = openStore(resolveDbPath());
  const ctx = createApiContext(store, 'desktop', createKeychain(path.dirname(store.file)));
  const win = new BrowserWindow(secureWindowOptions(path.join(dirname, '../preload/index.cjs')));
  const unbind = bindIpc(ctx, () => (win.isDestroyed() ? undefined : win.webContents));
  win.once('ready-to-show', () => win.show());
  if (devUrl) await win.loadURL(devUrl);
  else await win.loadFile(indexFile);

  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    unbind();
    void disposeApiContext(ctx).finally(() => store.close());
  });
}
