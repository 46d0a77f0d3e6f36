import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { openWebApp, type WebApp } from './support/browser.js';
import { tempDir } from '../support/tmp.js';
import { AGENT, exitOf, parley, waitFor, writeSlowSuite } from '../integration/safety/support.js';

/**
 * A run started from the command line whose process hangs keeps its run lock: the run page says it is
 * going on elsewhere and offers to take it over; taking over resumes it in the app (runs.resume with force).
 */
describe('taking over a run whose process is hung (Chromium, web mode)', () => {
  let app: WebApp;
  let child: ChildProcess;
  const t = tempDir();

  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exitOf(child);
    }
    await app?.close();
    t.cleanup();
  });

  it('shows the run as going on elsewhere, and Take over finishes it here', async () => {
    const { suite, model } = writeSlowSuite(t.dir, 8, 15);
    child = parley([
      'run',
      '--agent',
      AGENT,
      '--tests',
      suite,
      '--agent-model',
      `scripted:${model}`,
      '--concurrency',
      '1',
      '--db',
      app.dbFile,
    ]);
    await waitFor(child.stderr!, /^(PASS|FAIL|ERROR) /m, 2);
    child.kill('SIGSTOP'); // hung: alive, holding its run lock
    const id = app.ctx.store.runs.list()[0].id;
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${id}`);
    const notice = page.getByRole('status').filter({ hasText: 'going on in another Parley process' });
    await notice.waitFor();
    await page.screenshot({ path: `${t.dir}/take-over.png` });
    await notice.getByRole('button', { name: 'Take over' }).click();
    await expect.poll(() => page.getByTestId('run-status').innerText(), { timeout: 60_000 }).toMatch(/completed/i);
    expect(app.ctx.store.results.listByRun(id)).toHaveLength(8);
  }, 120_000);
});
