import { createApiContext, disposeApiContext } from '../app/door/create-context.js';
import { openAppStore } from '../app/index.js';
import { RENDERER_DIR } from './renderer-dir.js';
import { startWebServer } from './web-server.js';

/** The line the desktop backend prints once it listens: this prefix, then JSON `{url, port, token, db}`. */
export const BACKEND_READY_PREFIX = 'PARLEY_BACKEND_READY ';

/**
 * The desktop shell's backend (`parley serve --desktop-backend`, started by src-main/server/backend-process.ts):
 * the store and the API in a process of the Node that ran npm install, so Electron never loads better-sqlite3
 * itself (it is built for that Node's ABI, not Electron's). It serves the same HTTP API and event socket as web
 * mode, with desktop rules (the parent holds the token; no page ever sees it), and ends when its parent closes
 * its standard input (the shell quit or died) or on SIGTERM/SIGINT.
 */
export async function runDesktopBackend(db: string | undefined): Promise<void> {
  const store = openAppStore(db);
  const ctx = createApiContext(store, 'desktop');
  const server = await startWebServer({ ctx, port: 0, staticDir: RENDERER_DIR });
  process.stdout.write(
    `${BACKEND_READY_PREFIX}${JSON.stringify({ url: server.url, port: server.port, token: server.token, db: store.file })}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    process.stdin.on('end', resolve);
    process.stdin.on('close', resolve);
    process.stdin.resume();
  });
  await server.close();
  await disposeApiContext(ctx);
  store.close();
  process.stdin.pause();
}
