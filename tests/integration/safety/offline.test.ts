import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { CHROMIUM_ARGS, launchChromium } from '../../e2e/support/browser.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { BIN, collect, ROOT, waitFor } from './support.js';

const RECORDER = path.join(ROOT, 'tests/support/record-sockets.mjs');
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

interface Entry {
  kind: string;
  host?: string;
  port?: number;
  path?: string;
}

/**
 * Offline by construction: a whole session with only local providers — import, runs on a GGUF
 * model in-process and on the scripted model, diff, model listing, web mode opened in Chromium —
 * opens no connection beyond 127.0.0.1. Every socket and DNS lookup the Node processes make is
 * recorded by tests/support/record-sockets.mjs, and every request the page makes by Playwright.
 */
describe('offline by construction', () => {
  it('a whole session opens no network connection beyond 127.0.0.1', async () => {
    const t = tempDir();
    const log = path.join(t.dir, 'sockets.jsonl');
    const db = tempDbPath(t.dir);
    const env = { ...process.env, PARLEY_SOCKET_LOG: log, PARLEY_DB: db, OPENAI_API_KEY: '', OLLAMA_HOST: '' };
    const parley = (...args: string[]) =>
      spawn(process.execPath, ['--import', RECORDER, BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const ok = async (...args: string[]) => {
      const r = await collect(parley(...args));
      expect(r.code, `parley ${args.join(' ')}\n${r.stderr}`).toBeLessThanOrEqual(1);
      return r;
    };
    try {
      const gguf = await ensureTinyGguf();
      const agent = path.join(ROOT, 'tests/fixtures/engine/orders-agent.json');
      const suite = path.join(ROOT, 'tests/fixtures/engine/orders-suite.json');
      await ok('import', agent, path.join(ROOT, 'tests/fixtures/corpus/voicetest/retell-sample_config.json'), '--json');
      const a = JSON.parse(
        (
          await ok(
            'run',
            '--agent',
            'Order desk',
            '--tests',
            suite,
            '--agent-model',
            `llama-cpp:${gguf}`,
            '--max-turns',
            '2',
            '--json',
          )
        ).stdout,
      );
      const b = JSON.parse(
        (
          await ok(
            'run',
            '--agent',
            'Order desk',
            '--tests',
            suite,
            '--agent-model',
            `scripted:${path.join(ROOT, 'tests/fixtures/engine/orders-model.json')}`,
            '--json',
          )
        ).stdout,
      );
      await ok('diff', a.run_id, b.run_id, '--json');
      await ok('models', '--dir', path.dirname(gguf), '--json');

      const server = parley('serve');
      const banner = await waitFor(server.stdout!, /on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/);
      const url = /on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(banner)![1];
      const browser = await launchChromium(CHROMIUM_ARGS);
      const requested: string[] = [];
      try {
        const page = await browser.newPage();
        page.on('request', (r) => requested.push(r.url()));
        await page.goto(url);
        for (const screen of ['Agents', 'Runs', 'Compare', 'Models']) {
          await page.getByRole('link', { name: screen, exact: true }).click();
          await page.waitForLoadState('networkidle');
        }
      } finally {
        await browser.close();
        server.kill('SIGTERM');
      }

      const entries = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      expect(entries.filter((e) => e.kind === 'tcp').length).toBeGreaterThan(0); // the recorder saw the web-mode calls
      const outside = entries.filter(
        (e) => (e.kind === 'tcp' || e.kind === 'dns' || e.kind === 'udp') && !isLoopback(String(e.host)),
      );
      expect(outside).toEqual([]);
      expect(requested.length).toBeGreaterThan(3);
      expect(
        requested.filter(
          (u) => !/^(http|ws):\/\/127\.0\.0\.1:\d+\//.test(u) && !u.startsWith('data:') && !u.startsWith('blob:'),
        ),
      ).toEqual([]);
    } finally {
      t.cleanup();
    }
  }, 180_000);

  it('the recorder sees a connection to the outside world (so the check above can fail)', async () => {
    const t = tempDir();
    const log = path.join(t.dir, 'sockets.jsonl');
    try {
      const child = spawn(
        process.execPath,
        ['--import', RECORDER, '-e', "fetch('http://parley-offline-check.invalid/').catch(() => {})"],
        { env: { ...process.env, PARLEY_SOCKET_LOG: log }, stdio: 'ignore' },
      );
      await new Promise((r) => child.on('exit', r));
      const entries = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      expect(entries.some((e) => e.host === 'parley-offline-check.invalid')).toBe(true);
    } finally {
      t.cleanup();
    }
  });
});
