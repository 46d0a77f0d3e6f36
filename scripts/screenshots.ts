/**
 * Regenerates docs/screenshots/*.png (light and dark) from the real app in web mode + Chromium, on a
 * temporary database seeded by each screen set. Run: `npm run build:web && npx tsx scripts/screenshots.ts [set...]`.
 * Add a screen set: a module in scripts/screenshots/ exporting a ScreenSet, listed in SETS below.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWebApp } from '../tests/e2e/support/browser.js';
import { runsAndCompareScreens } from './screenshots/runs-compare.js';
import { agentsEditorScreens } from './screenshots/agents-editor.js';
import { libraryAndModelsScreens } from './screenshots/library-models.js';
import { tryItScreens } from './screenshots/try-it.js';
import type { ScreenSet, ShotContext } from './screenshots/types.js';

const SETS: ScreenSet[] = [runsAndCompareScreens, agentsEditorScreens, libraryAndModelsScreens, tryItScreens];

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
const WIDTH = 1400;
const HEIGHT = 900;

/** Switches the theme with the app's own toggle, so its label matches the screen. */
async function setTheme(page: ShotContext['page'], theme: 'light' | 'dark'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  // a DOM click: a dialog's backdrop must not swallow it
  if (current !== theme)
    await page.evaluate(() =>
      (document.querySelector('button[aria-label="Toggle dark mode"]') as HTMLButtonElement | null)?.click(),
    );
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const sets = wanted.length ? SETS.filter((s) => wanted.some((w) => s.name.includes(w))) : SETS;
  fs.mkdirSync(OUT, { recursive: true });
  for (const set of sets) {
    // a fresh app (and database) per set, so sets do not see each other's data
    const app = await openWebApp();
    const { page } = app;
    const shot: ShotContext['shot'] = async (name, opts = {}) => {
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        if (opts.size) await page.setViewportSize(opts.size);
        else if (opts.fullPage !== false) {
          // the content pane scrolls, not the page: grow the window to the content to capture all of it
          const h = await page.evaluate(() => document.querySelector('.content')?.scrollHeight ?? 0);
          await page.setViewportSize({ width: WIDTH, height: Math.min(Math.max(HEIGHT, h + 24), 5000) });
        }
        await page.waitForTimeout(250);
        const file = path.join(OUT, `${name}${theme === 'dark' ? '-dark' : ''}.png`);
        await page.screenshot({ path: file });
        if (!opts.size) await page.setViewportSize({ width: WIDTH, height: HEIGHT });
        console.log(`wrote ${path.relative(process.cwd(), file)}`);
      }
      await setTheme(page, 'light');
      if (opts.size) await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    };
    try {
      await set.capture({ page, ctx: app.ctx, base: app.server.url.split('?')[0], shot });
    } finally {
      await app.close();
    }
  }
}

main().catch((e: unknown) => {
  console.error((e as Error)?.stack ?? e);
  process.exit(1);
});
