import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const START = path.join(ROOT, 'scripts/start.mjs');
const electronInstalled = fs.existsSync(path.join(ROOT, 'node_modules/electron/path.txt'));

/**
 * Runs `npm start`'s script until it prints web mode's URL, checks the URL serves the app and its API, stops it
 * with SIGTERM (as Ctrl+C would) and returns what it printed.
 */
async function startUntilServed(env: NodeJS.ProcessEnv, db: string): Promise<{ stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [START, '--port', '0', '--db', db], {
    cwd: ROOT,
    env: { ...process.env, PARLEY_NO_BROWSER: '1', PARLEY_WEB: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString('utf8');
        const m = /Parley web mode on (http:\/\/\S+)/.exec(stdout);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`start.mjs exited ${code} before serving: ${stderr}`)));
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const u = new URL(url);
    const info = await fetch(`${u.origin}/rpc/app.info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Parley-Token': u.searchParams.get('token') ?? '' },
      body: '{}',
    });
    expect(await info.json()).toMatchObject({ ok: true, output: { mode: 'web', db_path: db } });
  } finally {
    child.kill('SIGTERM');
  }
  return { stderr, code: await exited };
}

describe('npm start (scripts/start.mjs) where no desktop window can be had', () => {
  const t = tempDir();
  afterAll(() => t.cleanup());

  it.runIf(process.platform === 'linux')(
    'on a machine with no display: says why in one line, serves web mode, stops on SIGTERM',
    async () => {
      const { stderr, code } = await startUntilServed({ DISPLAY: '', WAYLAND_DISPLAY: '' }, tempDbPath(t.dir));
      const lines = stderr.split('\n').filter((l) => l.startsWith('Parley: '));
      expect(lines).toEqual([
        expect.stringMatching(/^Parley: no display .* so starting web mode instead\. For the desktop window/),
      ]);
      expect(stderr).not.toMatch(/Electron uninstall/i);
      expect(code).toBe(0);
    },
    300_000,
  );

  it.skipIf(electronInstalled)(
    "when Electron's runtime cannot be downloaded: its installer's failure becomes one line, then web mode",
    async () => {
      const cache = path.join(t.dir, 'electron-cache');
      const { stderr, code } = await startUntilServed(
        {
          DISPLAY: ':99',
          // a closed loopback port: the download fails at once, online or not
          ELECTRON_MIRROR: 'http://127.0.0.1:9/',
          electron_config_cache: cache,
          PARLEY_ELECTRON_INSTALL_TIMEOUT_MS: '60000',
        },
        path.join(t.dir, 'second.db'),
      );
      expect(stderr).toMatch(
        /^Parley: Electron's runtime could not be downloaded \(.*\), so starting web mode instead\./m,
      );
      expect(stderr).not.toMatch(/Electron uninstall|\n\s+at /i);
      expect(code).toBe(0);
    },
    300_000,
  );
});
