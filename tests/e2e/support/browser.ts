import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { RENDERER_DIR } from '../../../src-main/server/renderer-dir.js';
import { startWebServer, type WebServer } from '../../../src-main/server/web-server.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

export const CHROMIUM = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

export interface WebApp {
  server: WebServer;
  ctx: ApiContext;
  browser: Browser;
  page: Page;
  dbFile: string;
  /**
   * Closes the page (and its browser context) and opens the app in a fresh one, which becomes `page`:
   * a test that starts with it sees nothing an earlier test's page had fetched or kept (query cache,
   * session storage, the route it was on).
   */
  freshPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Real web mode (real SQLite file, real HTTP/WebSocket) driven by real Chromium. */
export async function openWebApp(o: { chromiumArgs?: string[] } = {}): Promise<WebApp> {
  if (!fs.existsSync(`${RENDERER_DIR}/index.html`))
    throw new Error(`web UI not built at ${RENDERER_DIR}: run npm run build:web (npm test does it in pretest)`);
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set PARLEY_CHROMIUM)`);
  const tmp = tempDir();
  const dbFile = tempDbPath(tmp.dir);
  const store = openStore(dbFile);
  const ctx = createApiContext(store, 'web');
  const server = await startWebServer({ ctx, port: 0, staticDir: RENDERER_DIR });
  const browser = await launchChromium([...CHROMIUM_ARGS, ...(o.chromiumArgs ?? [])]);
  const errors: string[] = [];
  const openPage = async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    return page;
  };
  const app: WebApp = {
    server,
    ctx,
    browser,
    page: await openPage(),
    dbFile,
    async freshPage() {
      await app.page.context().close();
      app.page = await openPage();
      return app.page;
    },
    async close() {
      await browser.close();
      await server.close();
      await disposeApiContext(ctx);
      store.close();
      tmp.cleanup();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    },
  };
  return app;
}

/**
 * Starts Chromium, trying again when a start hangs: now and then a headless Chromium on a loaded machine never
 * comes up, and Playwright's own launch timeout (3 minutes) outlasts the 2-minute hook that waits for it (a CI
 * run failed that way in `beforeAll`). Each try gets 40 s; the last error is thrown with every try's reason.
 */
export async function launchChromium(args: string[], tries = 3): Promise<Browser> {
  const reasons: string[] = [];
  for (let i = 1; i <= tries; i++) {
    try {
      return await chromium.launch({ executablePath: CHROMIUM, args, timeout: 40_000 });
    } catch (e) {
      reasons.push(`try ${i}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`Chromium did not start (${CHROMIUM}): ${reasons.join('; ')}`);
}

const EXAMPLE_AGENT = new URL('../../../resources/example/agent.json', import.meta.url);

/** Stores the bundled example agent (resources/example) and reloads the page so lists show it. */
export async function seedExampleAgent(app: WebApp): Promise<void> {
  app.ctx.store.agents.create(AgentGraph.parse(JSON.parse(fs.readFileSync(EXAMPLE_AGENT, 'utf8'))));
  await app.page.reload();
}
