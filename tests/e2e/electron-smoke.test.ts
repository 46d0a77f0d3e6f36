import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pathTxt = path.join(ROOT, 'node_modules/electron/path.txt');
const binary = fs.existsSync(pathTxt)
  ? path.join(ROOT, 'node_modules/electron/dist', fs.readFileSync(pathTxt, 'utf8'))
  : '';
const haveElectron = !!binary && fs.existsSync(binary) && fs.existsSync(path.join(ROOT, 'out/main/index.js'));

if (!haveElectron) {
  console.warn(
    'Electron smoke test skipped: no Electron binary (it downloads on the first `npm start`) or no `npm run build` output. Web mode covers the same renderer in Chromium.',
  );
}

describe('desktop app (Electron)', () => {
  it.skipIf(!haveElectron)('opens the main window with the navigation', async () => {
    const { _electron } = await import('playwright-core');
    const app = await _electron.launch({
      executablePath: binary,
      args: [path.join(ROOT, 'out/main/index.js')],
      env: { ...process.env, PARLEY_DB: path.join(ROOT, 'tests/.tmp/electron.db') },
    });
    const win = await app.firstWindow();
    await win.getByRole('link', { name: 'Agents', exact: true }).waitFor();
    expect(await win.title()).toBe('Parley');
    await app.close();
  });
});
