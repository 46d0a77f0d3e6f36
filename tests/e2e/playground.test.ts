import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dispatch } from '../../src-main/api/dispatch.js';
import { resourcesDir } from '../../src-main/app/workspace/first-run-methods.js';
import { TestSuite, type Persona } from '../../src-shared/schemas/index.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { edgeLabel, nodeCard, openEditor } from './support/graph-editor.js';

declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const SHOTS = process.env.PARLEY_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** The node the canvas marks as live, read from the DOM. */
const liveNodeId = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid="graph-node"][data-live="true"]')?.getAttribute('data-node-id') ?? null,
  );

describe('Try it in Chromium (web mode, bundled scripted model)', () => {
  let app: WebApp;
  let agentId: string;
  let personaId: string;
  let mocks: unknown[];

  beforeAll(async () => {
    app = await openWebApp();
    const fr = await dispatch(app.ctx, 'app.firstRun', {});
    if (!fr.ok) throw new Error(fr.error.message);
    agentId = (fr.output as { agent_id: string }).agent_id;
    const suite = TestSuite.parse(
      JSON.parse(fs.readFileSync(path.join(resourcesDir()!, 'example', 'suite.json'), 'utf8')),
    );
    const john = suite.tests[0];
    mocks = john.tool_mocks;
    personaId = app.ctx.store.personas.create(john.persona as Persona, (john.persona as Persona).name).id;
    await app.page.reload();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('from the persona editor: the persona speaks, the example agent answers, each turn with its node and decision log', async () => {
    const { page } = app;
    await page.evaluate((id) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = `#/personas/${id}`;
    }, personaId);
    await page.getByLabel('Persona name').waitFor();
    await page.getByRole('button', { name: 'Try it' }).click();
    const drawer = page.getByTestId('try-drawer');
    await drawer.waitFor();
    // the only agent is chosen; the persona is the one on the page
    expect(await drawer.getByLabel('Agent to try').inputValue()).toBe(agentId);
    expect(await drawer.getByRole('radio', { name: 'The persona speaks' }).getAttribute('aria-checked')).toBe('true');
    await drawer.getByTestId('try-it').getByText('John books a checkup').waitFor();
    const start = drawer.getByRole('button', { name: 'Start the conversation' });
    expect(await start.isDisabled()).toBe(true);
    await drawer.getByText('agent model: choose a provider and a model').waitFor();

    await drawer.getByLabel('Agent model provider').selectOption('scripted');
    await expect
      .poll(() => drawer.getByLabel('Agent model model', { exact: true }).inputValue())
      .toContain('scripted-model.json');
    // the tools answer as in the example suite's first test: no dead end on find_slots
    const answers = drawer.getByText('Variables and tool answers: from test “Books the first free slot”');
    await answers.waitFor();
    await answers.click();
    expect(JSON.parse(await drawer.getByLabel('Tool answers JSON').inputValue())).toEqual(mocks);
    await drawer.getByLabel('Tool answers JSON').fill('[oops');
    await drawer.getByText(/Tool answers: not valid JSON/).waitFor();
    await drawer.getByLabel('Tool answers JSON').fill(JSON.stringify(mocks));
    await start.click();

    const firstAgent = drawer.getByTestId('turn-agent').first();
    await firstAgent.waitFor();
    expect(await firstAgent.textContent()).toContain('Hello, this is Maple Street Clinic');
    expect(await firstAgent.getByTestId('node-badge').textContent()).toBe('Greeting');

    await drawer.getByRole('button', { name: 'Persona speaks next' }).click();
    const caller = drawer.getByTestId('turn-caller').first();
    await caller.waitFor();
    expect(await caller.textContent()).toContain('John Smith');
    // "One moment while I check the calendar." (the function node), then the offer
    await expect.poll(() => drawer.getByTestId('turn-agent').count()).toBe(3);
    expect(await drawer.getByTestId('turn-agent').nth(1).getByTestId('node-badge').textContent()).toBe(
      'Find free slots',
    );
    const answer = drawer.getByTestId('turn-agent').nth(2);
    expect(await answer.textContent()).toContain('Tuesday at 10:00');
    expect(await answer.getByTestId('node-badge').textContent()).toBe('Offer a slot');
    // the decision log of that step: the prompt edge and the router's reason, the extracted name, the mocked tool
    const log = drawer.getByTestId('decision-log').last();
    expect(await log.getByTestId('log-move').first().textContent()).toMatch(/prompt.*Greeting → Identify caller/);
    expect(await log.getByTestId('log-variable').filter({ hasText: 'patient_name' }).textContent()).toMatch(
      /extracted.*"John Smith".*Identify caller/,
    );
    expect(await log.getByTestId('log-tool').first().textContent()).toMatch(/tool · mock.*find_slots/);
    await shot(page, 'try-persona');

    // auto-play to the end of the call
    await drawer.getByRole('switch', { name: 'Auto-play' }).check();
    await drawer.getByTestId('try-ended').waitFor({ timeout: 20_000 });
    expect(await drawer.getByTestId('try-ended').textContent()).toContain('The agent ended the call.');
    expect(await drawer.getByTestId('turn-agent').last().textContent()).toContain('MS-2041');
    await shot(page, 'try-persona-ended');

    // closing the drawer stops the conversation on the server
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('a model that cannot be loaded is said plainly', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Try it' }).click();
    const drawer = page.getByTestId('try-drawer');
    await drawer.getByLabel('Agent model provider').selectOption('scripted');
    await drawer.getByLabel('Agent model model', { exact: true }).selectOption('__other');
    await drawer.getByLabel('Agent model model name').fill('/nowhere/missing-script.json');
    await drawer.getByRole('button', { name: 'Start the conversation' }).click();
    const err = drawer.getByTestId('try-error');
    await err.waitFor();
    expect(await err.textContent()).toMatch(
      /Could not start: The agent model scripted:\/nowhere\/missing-script\.json could not be loaded: .*not found/,
    );
    await shot(page, 'try-error');
    await drawer.getByLabel('Agent model model', { exact: true }).selectOption({ index: 0 });
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  it('in the graph editor: type as the caller and watch the live node move; a log entry selects its edge', async () => {
    const { page } = app;
    await openEditor(page, agentId, 14);
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    const dock = page.getByTestId('graph-try-it');
    await dock.waitFor();
    expect(await dock.getByRole('radio', { name: 'I am the caller' }).getAttribute('aria-checked')).toBe('true');
    // the scripted model chosen in the persona drawer is remembered
    await expect
      .poll(() => dock.getByLabel('Agent model model', { exact: true }).inputValue())
      .toContain('scripted-model.json');
    // nothing was edited: the saved version is tried, and nothing says "unsaved"
    expect(await dock.locator('.tp-note').count()).toBe(0);
    await dock.getByRole('button', { name: 'Start the conversation' }).click();
    await dock.getByTestId('turn-agent').first().waitFor();
    await expect(dock.getByTestId('try-status').textContent()).resolves.not.toContain('unsaved');
    await expect.poll(() => liveNodeId(page)).toBe('greeting');
    expect(await nodeCard(page, 'greeting').getByText('● live').count()).toBe(1);

    await dock
      .getByLabel('Caller message')
      .fill('Hi, this is Maria Garcia, born March 22, 1990. I need to cancel my appointment.');
    await dock.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => liveNodeId(page)).toBe('confirm_cancel');
    expect(await nodeCard(page, 'greeting').getAttribute('data-live')).toBeNull();
    const answer = dock.getByTestId('turn-agent').nth(1);
    expect(await answer.textContent()).toContain('Shall I cancel it?');
    expect(await answer.getByTestId('node-badge').textContent()).toBe('Confirm cancellation');
    expect(await dock.getByTestId('try-current-node').textContent()).toBe('Confirm cancellation');
    const log = dock.getByTestId('decision-log').last();
    const moves = log.getByTestId('log-move');
    expect(await moves.count()).toBe(2);
    expect(await moves.nth(1).textContent()).toMatch(
      /equation.*Identify caller → Confirm cancellation when .*intent == cancel/,
    );
    await shot(page, 'try-graph-editor');

    // clicking the equation move selects that edge on the canvas
    await moves.nth(1).getByRole('button').click();
    await expect
      .poll(() => edgeLabel(page, 'identify', 'identify-cancel').getAttribute('class'))
      .toContain('is-selected');

    await dock.getByLabel('Caller message').fill('Yes, please cancel it.');
    await dock.getByRole('button', { name: 'Send' }).click();
    await dock.getByTestId('try-ended').waitFor();
    await expect.poll(() => liveNodeId(page)).toBe('cancelled');

    // start from any node: the conversation begins there
    await dock.getByRole('button', { name: 'Change setup' }).click();
    await dock.getByLabel('Start from').selectOption('opening_hours');
    await dock.getByRole('button', { name: 'Start the conversation' }).click();
    await expect.poll(() => liveNodeId(page)).toBe('opening_hours');
    expect(await dock.getByTestId('turn-agent').first().textContent()).toContain('We are open Monday to Friday');

    // collapsing keeps the conversation; the highlight stays
    await page
      .getByTestId('test-dock')
      .getByRole('button', { name: /Try it/ })
      .click();
    expect(await dock.isVisible()).toBe(false);
    expect(await liveNodeId(page)).toBe('opening_hours');
  });
});
