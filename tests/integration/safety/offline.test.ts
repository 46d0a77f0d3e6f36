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
        for (const screen of ['Agents', 'Runs', 'Compare']) {
          await page.getByRole('link', { name: screen, exact: true }).click();
          await page.waitForLoadState('networkidle');
        }
        // the Models screen asks the server to list every provider's models, which probes the local Ollama
        // URL: wait for that answer (a load state already reached would not wait for it on a loaded machine)
        const listed = page.waitForResponse((r) => r.url().includes('/rpc/models.list'), { timeout: 60_000 });
        await page.getByRole('link', { name: 'Models', exact: true }).click();
        await listed;
      } finally {
        await browser.close();
        server.kill('SIGTERM');
      }

      const entries = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      // the recorder saw the server's probe of the local Ollama URL
      expect(entries.filter((e) => e.kind === 'tcp' && isLoopback(String(e.host))).length).toBeGreaterThan(0);
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
      // fetch looks the name up; node:http to an address connects with no lookup, through Node's normalized
      // connect arguments (192.0.2.1 is TEST-NET-1: nothing answers there, the socket is dropped at once)
      const script =
        "fetch('http://parley-offline-check.invalid/').catch(() => {});" +
        "require('node:http').get('http://192.0.2.1:9/').on('error', () => {}).destroy();";
      const child = spawn(process.execPath, ['--import', RECORDER, '-e', script], {
        env: { ...process.env, PARLEY_SOCKET_LOG: log },
        stdio: 'ignore',
      });
      await new Promise((r) => child.on('exit', r));
      const entries = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      expect(entries.some((e) => e.host === 'parley-offline-check.invalid')).toBe(true);
      expect(entries).toContainEqual(expect.objectContaining({ kind: 'tcp', host: '192.0.2.1', port: 9 }));
    } finally {
      t.cleanup();
    }
  });
});
