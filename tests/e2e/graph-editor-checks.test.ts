import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandedPrompts } from '../../src-main/analysis/prompt-fields.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, edgeLabel, nodeCard, openEditor } from './support/graph-editor.js';
import { pickModel } from './runs-dialog.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../fixtures/analysis/${name}`), 'utf8'));

/** The Checks tab: the lint checklist with jump-to, and repeated text extracted into snippets as a new version. */
describe('graph editor checks', () => {
  let app: WebApp;
  let lintAgent = '';
  let dryAgent = '';
  beforeAll(async () => {
    app = await openWebApp();
    lintAgent = createAgent(app, fixture('lint-every-rule.json'));
    dryAgent = createAgent(app, fixture('clinic-repeats.json'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the checklist and a click jumps to the node', async () => {
    const { page } = app;
    await openEditor(page, lintAgent, 7);
    await page.getByRole('tab', { name: 'Checks' }).click();
    const findings = page.getByTestId('lint-finding');
    await findings.first().waitFor();
    expect(await findings.count()).toBe(8);
    await page.screenshot({ path: '/tmp/w13-checks.png' });
    await page.locator('[data-testid="lint-finding"][data-rule="dead_end"]').click();
    // jump-to: the node is selected on the canvas and the inspector shows it
    await page.locator('.react-flow__node.selected [data-testid="graph-node"][data-node-id="limbo"]').waitFor();
    expect(await nodeCard(page, 'limbo').isVisible()).toBe(true);
  });

  it('extracts repeated text with one click as a new version that reads the same', async () => {
    const { page } = app;
    await openEditor(page, dryAgent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await page.getByTestId('snippet-candidate').first().waitFor();
    expect(await page.getByTestId('extract-snippet').count()).toBe(2);
    await page.getByTestId('extract-snippet').first().click();
    await page.getByTestId('current-version').getByText('v2').waitFor();
    const versions = app.ctx.store.agents.versions(dryAgent).sort((a, b) => a.version - b.version);
    const v1 = app.ctx.store.agents.getVersion(versions[0].id)!.graph;
    const v2 = app.ctx.store.agents.getVersion(versions[1].id)!.graph;
    expect(Object.keys(v2.snippets)).toEqual(['speak_calmly_use_short']);
    expect(expandedPrompts(v2)).toEqual(expandedPrompts(v1));
    // the list now offers only the sentence left
    await expect.poll(() => page.getByTestId('extract-snippet').count()).toBe(1);
    await page.screenshot({ path: '/tmp/w13-snippets.png' });
  });

  it('runs the routing check from the editor, shows the confusion, saves the misrouted line as a test', async () => {
    const { page } = app;
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-')), 'router.json');
    const utter = (when: string, lines: string[]) => ({
      purpose: 'utterances',
      when: { last: when },
      reply: { utterances: lines },
    });
    const route = (line: string, to: string) => ({
      purpose: 'route',
      when: { last: `Caller: ${line}` },
      reply: { transition: to, reason: to },
    });
    writeFileSync(
      script,
      JSON.stringify({
        name: 'confused-router',
        chat: ['Hello, Maple Clinic, how can I help?'],
        rules: [
          utter('clearly true:\n"Caller wants to book', ['I want to book a visit', 'Can I get an appointment']),
          utter('clearly true:\n"Caller wants to cancel', ['Please cancel my visit', 'I cannot come on Friday']),
          utter('match NONE', ['Is it raining there']),
          route('I want to book', 'to_book'),
          route('Can I get an appointment', 'to_cancel'),
          route('Please cancel', 'to_cancel'),
          route('I cannot come', 'to_cancel'),
        ],
        defaults: { route: 'none' },
      }),
    );
    const agent = createAgent(app, fixture('clinic-repeats.json'));
    await openEditor(page, agent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await pickModel(page.getByTestId('routing-check'), 'Routing model', `scripted:${script}`);
    await page.getByLabel('Lines per condition').fill('2');
    await page.getByLabel('save misrouted lines as tests').check();
    await page.getByTestId('routing-run').click();
    await page.getByTestId('routing-summary').waitFor();
    const greet = page.locator('[data-testid="routing-point"][data-node-id="greet"]');
    await greet.waitFor();
    expect(await greet.getByTestId('routing-misrouted').allTextContents()).toEqual([
      '“Can I get an appointment”: meant for the way to book, went to the way to cancel',
    ]);
    expect(await page.getByTestId('routing-summary').textContent()).toContain('Saved 1 test in');
    // on the canvas: a badge on the decision point, the confused pair of edges highlighted
    expect(await nodeCard(page, 'greet').getByTestId('routing-badge').textContent()).toContain('1 misrouted');
    for (const t of ['to_book', 'to_cancel'])
      expect(await edgeLabel(page, 'greet', t).getAttribute('class')).toContain('is-confused');
    expect(await edgeLabel(page, 'book', 'book_done').getAttribute('class')).not.toContain('is-confused');
    await greet.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/w13-routing.png' });
    const suites = app.ctx.store.suites.list().filter((s) => s.name.startsWith('Routing checks: Clinic'));
    expect(suites).toHaveLength(1);
    expect(suites[0].data.tests[0].assertions?.path).toEqual({ must_visit: ['book'], must_not_visit: ['cancel'] });
    expect(app.ctx.store.analyses.routing(agent)).toHaveLength(1);
  });
});
