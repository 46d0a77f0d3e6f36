import fs from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { RENDERER_DIR } from '../../server/renderer-dir.js';
import { startWebServer } from '../../server/web-server.js';
import { WEB_TOKEN_NOTE } from '../../server/security.js';
import { openWebContext } from '../../app/index.js';
import { CliError } from '../errors.js';
import { intFlag } from '../flags.js';
import { withDbOption } from '../use-app.js';

export function registerServe(program: Command): void {
  withDbOption(
    program
      .command('serve')
      .description('web mode: serve the app and its API on 127.0.0.1 (open the printed URL in a browser)')
      .option('--port <n>', 'port (default: a free one)', '0')
      // the desktop shell's backend process (src-main/server/desktop-backend.ts), not for people
      .addOption(new Option('--desktop-backend').hideHelp()),
  ).action(async (opts: { db?: string; port: string; desktopBackend?: boolean }) => {
    if (opts.desktopBackend) return (await import('../../server/desktop-backend.js')).runDesktopBackend(opts.db);
    const port = intFlag('--port', opts.port, { min: 0, max: 65535 })!;
    if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      throw new CliError(
        `the web UI is not built (${RENDERER_DIR} is missing). Run: npm run build:web (or npm run serve, which builds first)`,
      );
    }
    const web = openWebContext(opts.db);
    const server = await startWebServer({ ctx: web.ctx, port, staticDir: RENDERER_DIR });
    process.stdout.write(
      `Parley web mode on ${server.url}\nDatabase: ${web.db}\nOpen the URL above in a browser (it carries this session's token). Ctrl+C stops.\n${WEB_TOKEN_NOTE}\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await server.close();
    await web.close();
  });
}
