import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectFailures } from '../../src-main/app/analysis/problems/failure-groups.js';
import { openStore } from '../../src-main/store/index.js';
import { seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';
import { parleyInProcess } from '../support/cli-in-process.js';
import { tempDir } from '../support/tmp.js';
import { openWebApp, type WebApp } from './support/browser.js';

const root = path.resolve(__dirname, '../..');
const fx = (f: string) => path.join(root, 'tests/fixtures/engine', f);

/**
 * Issue 37: a page left open while another process writes to the same database file (the command line on
 * the file web mode serves) shows the change without a reload: the server reads SQLite's data version
 * while a page listens and sends `store.changed`; the page refetches what it shows. The command line runs
 * in this process (tests/support/cli-in-process.ts) but on a connection of its own, as a separate process
 * would; the second test writes through a second connection directly.
 */
describe('writes by other processes reach an open page', () => {
  let app: WebApp;
  const tmp = tempDir();
  const base = () => app.server.url.split('?')[0];
  /** Set on the page before the other process writes: still there afterwards means the page was not reloaded. */
  const mark = () => app.page.evaluate(() => ((globalThis as unknown as { marked: boolean }).marked = true));
  const stillMarked = () => app.page.evaluate(() => (globalThis as unknown as { marked?: boolean }).marked === true);

  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
    tmp.cleanup();
  });
  beforeEach(async () => {
    await app.freshPage();
  });

  it('`parley run --group-failures` on the same file: the open runs list shows the new run', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByText('No runs yet').first().waitFor();
    await mark();
    const model = JSON.parse(fs.readFileSync(fx('orders-model.json'), 'utf8'));
    model.failure_groups = [
      {
        problems: [
          {
            label: 'Says pending orders shipped',
            description: 'The agent misreports the order status.',
            severity: 'high',
            failure_ids: [0],
          },
        ],
      },
    ];
    const script = path.join(tmp.dir, 'grouping-model.json');
    fs.writeFileSync(script, JSON.stringify(model));
    const cli = await parleyInProcess(
      'run',
      '--agent',
      fx('orders-agent.json'),
      '--tests',
      fx('orders-suite.json'),
      '--agent-model',
      `scripted:${script}`,
      '--test',
      'pending order',
      '--group-failures',
      '--json',
      '--db',
      app.dbFile,
    );
    const runId = (JSON.parse(cli.stdout) as { run_id: string }).run_id;
    await page.getByTestId(`run-row-${runId}`).waitFor({ timeout: 10_000 });
    expect(await stillMarked()).toBe(true);
  });

  it('problems grouped by another connection appear on the open run page', async () => {
    const { page } = app;
    const [runId] = await seedRuns(app.ctx.store, [worseScript()]);
    await page.goto(`${base()}#/runs/${runId}`);
    const problems = page.getByTestId('problems');
    await problems.getByRole('button', { name: 'Group failures into problems' }).waitFor();
    await mark();
    const failures = collectFailures(app.ctx.store.results.listByRun(runId));
    const other = openStore(app.dbFile);
    try {
      other.runs.setProblems(runId, {
        groups: [
          {
            label: 'Misses the booking',
            description: 'The agent never books the appointment.',
            severity: 'high',
            occurrences: failures.length,
            examples: failures,
          },
        ],
        ungrouped: [],
        total_failures: failures.length,
        judge: 'scripted:clinic-worse.json',
        grouped_at: new Date().toISOString(),
      });
    } finally {
      other.close();
    }
    await problems.getByText('Misses the booking').waitFor({ timeout: 10_000 });
    await problems.getByRole('button', { name: 'Group again' }).waitFor();
    expect(await stillMarked()).toBe(true);
  });
});
