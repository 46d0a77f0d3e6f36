import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSuite } from '../../src-shared/schemas/index.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, demoGraph, openEditor, seedCoverageRun } from './support/graph-editor.js';

const numbers = (text: string | null, what: string): [number, number] => {
  const m = new RegExp(`(\\d+) of (\\d+) ${what}`).exec(text ?? '');
  if (!m) throw new Error(`no "N of M ${what}" in: ${text}`);
  return [Number(m[1]), Number(m[2])];
};

/**
 * The editor's Runs tab shows coverage three times: this run's line above the canvas, the nodes never
 * visited under it, and the suite's coverage in the side panel. All three come from src-shared/coverage.ts:
 * for one run they agree, and the suite's (two runs) is labelled as such and counts the same nodes.
 */
describe('coverage numbers on one screen agree (Chromium)', () => {
  let app: WebApp;
  let agentId = '';
  beforeAll(async () => {
    app = await openWebApp();
    agentId = createAgent(app, demoGraph());
    const suite = app.ctx.store.suites.create(
      TestSuite.parse({ name: 'Booking suite', tests: [{ name: 'books', caller_script: ['hi'] }] }),
      'Booking suite',
      { agent_id: agentId },
    );
    const ref = { id: suite.id, name: 'Booking suite' };
    // the older run reaches the front desk; the newer one books (newest is listed first)
    seedCoverageRun(app.ctx.store, agentId, { suite: ref, paths: [['greet', 'ask', 'route', 'transfer']] });
    seedCoverageRun(app.ctx.store, agentId, { suite: ref });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('this run: reached + never visited = all nodes, the same count above and under the canvas; the suite counts both runs', async () => {
    const { page } = app;
    await openEditor(page, agentId, 7);
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByTestId('overlay-run').first().getByRole('button', { name: 'Show coverage' }).click();
    const banner = page.getByTestId('run-coverage');
    await banner.getByText(/nodes/).waitFor();
    const gaps = page.getByTestId('coverage-gaps');
    await gaps.waitFor();
    const [above, total] = numbers(await banner.textContent(), 'nodes');
    const [under, totalUnder] = numbers(await page.getByTestId('coverage-reached').textContent(), 'nodes');
    const never = await gaps.getByRole('button').count();
    expect(/never visited \((\d+)\)/.exec((await gaps.textContent()) ?? '')?.[1]).toBe(String(never));
    // one run: 5 of the 7 nodes (Greeting, Ask, Route, Book, Goodbye); Front desk and Phone menu never
    expect([above, total]).toEqual([5, 7]);
    expect([under, totalUnder]).toEqual([above, total]);
    expect(above + never).toBe(total);
    // the suite: both runs, so the front desk too; labelled as all runs, over the same nodes
    const suite = page.getByTestId('suite-coverage');
    await suite.getByTestId('suite-coverage-line').waitFor();
    expect(await suite.textContent()).toContain('All runs of suite “Booking suite” (2 runs, on v1)');
    const [suiteReached, suiteTotal] = numbers(await suite.getByTestId('suite-coverage-line').textContent(), 'nodes');
    expect(suiteTotal).toBe(total);
    expect(suiteReached).toBe(6);
  });
});
