import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createApiContext, disposeApiContext } from '../app/door/create-context.js';
import { startBackendProcess } from '../server/backend-process.js';
import { openStore, resolveDbPath } from '../store/index.js';
import { bindBackendIpc } from './backend-ipc.js';
import { bindIpc } from './ipc.js';
import { lockDown } from './lockdown.js';
import { createKeychain } from './secrets.js';
import { secureWindowOptions } from './window-options.js';

/**
 * The store and API behind the window. From a checkout (`npm start`, `npm run dev`): a backend process under
 * the Node that ran npm install (PARLEY_NODE, set by scripts/start.mjs; `node` on the PATH otherwise), so the
 * better-sqlite3 that npm built for that Node is the one used and Electron needs no build of its own. Packaged:
 * in this process, on the copy electron-builder rebuilt for Electron (an installed app has no Node beside it).
 */
async function openBackend(
  dirname: string,
  contents: () => Electron.WebContents | undefined,
): Promise<() => Promise<void>> {
  if (!app.isPackaged) {
    const root = path.resolve(dirname, '../..'); // out/main/ of the checkout
    const backend = await startBackendProcess({
      node: process.env.PARLEY_NODE || 'node',
      bin: path.join(root, 'bin', 'parley.mjs'),
    });
    const unbind = bindBackendIpc(backend, contents);
    return async () => {
      unbind();
      await backend.stop();
    };
  }
  const store = openStore(resolveDbPath());
  const ctx = createApiContext(store, 'desktop', createKeychain(path.dirname(store.file)));
  const unbind = bindIpc(ctx, contents);
  return async () => {
    unbind();
    await disposeApiContext(ctx).finally(() => store.close());
  };
}

/** Starts the desktop app: store, API over IPC, one locked-down window. */
export async function startDesktop(dirname: string): Promise<void> {
  app.setPath('userData', path.dirname(resolveDbPath()));
  await app.whenReady();
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const indexFile = path.join(dirname, '../renderer/index.html');
  lockDown((url) => (devUrl ? url.startsWith(devUrl) : url.startsWith('file://')));

  const win = new BrowserWindow(secureWindowOptions(path.join(dirname, '../preload/index.cjs')));
  const close = await openBackend(dirname, () => (win.isDestroyed() ? undefined : win.webContents));
  win.once('ready-to-show', () => win.show());
  if (devUrl) await win.loadURL(devUrl);
  else await win.loadFile(indexFile);

  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void close());
}
