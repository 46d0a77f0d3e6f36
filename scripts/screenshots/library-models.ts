import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenSet } from './types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Home / first run, persona library and builder, suites and the suite editor, the Models page. */
export const libraryAndModelsScreens: ScreenSet = {
  name: 'home personas suites models',
  async capture({ page, ctx, base, shot }) {
    await page.goto(`${base}#/`);
    await page.getByRole('heading', { name: 'Welcome to Parley' }).waitFor();
    await shot('home', { fullPage: false });
    await page.getByRole('button', { name: 'Open the example' }).click();
    await page.getByRole('button', { name: 'Run it' }).waitFor();
    await shot('home-example', { fullPage: false });

    // personas: two templates saved, plus a label-only persona the library flags as too vague
    for (const t of ['Impatient', 'Gives wrong details first']) {
      await page.goto(`${base}#/personas`);
      await page.getByRole('button', { name: `Use template ${t}` }).click();
      await page.getByRole('button', { name: 'Save persona' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
    }
    ctx.store.personas.create({ name: 'Angry customer', personality: { temperament: 'angry' } }, 'Angry customer');
    await page.goto(`${base}#/personas`);
    await page.getByRole('link', { name: 'Angry customer' }).waitFor();
    await shot('personas', { fullPage: false });
    await page.getByRole('link', { name: 'Caller who gives wrong details first' }).click();
    await page.getByLabel('Persona name').waitFor();
    await shot('persona-editor');
    await page.goto(`${base}#/personas`);
    await page.getByRole('link', { name: 'Angry customer' }).click();
    await page.getByLabel('Persona name').waitFor();
    await shot('persona-editor-vague', { fullPage: false });

    // suites: the example and an imported voicetest file; the editor, then a save refused with field paths
    await page.goto(`${base}#/suites`);
    await page
      .getByLabel('Test files to import')
      .setInputFiles(path.join(ROOT, 'tests', 'fixtures', 'corpus', 'voicetest', 'demo-tests.json'));
    await page.getByLabel('Import results').getByRole('link').first().waitFor();
    await shot('suites', { fullPage: false });
    await page
      .getByRole('link', { name: /example suite/ })
      .first()
      .click();
    await page.getByLabel('Suite name').waitFor();
    await page.getByRole('navigation', { name: 'Tests' }).getByText('No free slots').click();
    await shot('suite-editor');
    await page.getByLabel('Threshold of metric 1', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save suite' }).click();
    await page.getByText('Cannot save yet').waitFor();
    await shot('suite-editor-errors', { fullPage: false });
    await page.getByLabel('Threshold of metric 1', { exact: true }).fill('');

    // models: the tiny GGUF fixtures listed, Ollama not running, an endpoint whose key variable is unset
    ctx.store.settings.set('models', {
      models_dir: path.join(ROOT, 'tests', 'fixtures', 'generated'),
      ollama_endpoints: [],
      threads: 1,
      openai_endpoints: [
        {
          name: 'Groq',
          base_url: 'https://api.groq.com/openai/v1',
          api_key_env: 'PARLEY_SCREENSHOT_UNSET_KEY',
          has_key: false,
          // a free tier's limits: 30 requests a minute, 2 calls at once
          options: { concurrency: 2, rpm: 30 },
        },
      ],
    });
    await page.goto(`${base}#/models`);
    await page.getByTestId('ollama-not-running').waitFor();
    // the providers' check finished (the header's button reads "Refresh list" again)
    await page.getByRole('button', { name: 'Refresh list' }).waitFor({ timeout: 30_000 });
    await shot('models');
  },
};
