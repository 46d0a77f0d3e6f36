import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
import { openWebApp, type WebApp } from './support/browser.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
declare const document: {
  activeElement: { getAttribute(name: string): string | null; textContent: string | null } | null;
};

/**
 * Issue 17, item 7, in real web mode + Chromium, keyboard only: open a run from the runs list, open its
 * failed test, jump to the turn the failed metric rests on (a 30-turn transcript, folded), and open the
 * node it points at in the editor. The run is made by the engine on the scripted model (deterministic
 * transcript and verdict), stored in a real SQLite file.
 */
describe('reviewing a failure, keyboard only', () => {
  let app: WebApp;
  let runId: string;
  let agentId: string;
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    const { runSuite } = await import('../../src-main/engine/index.js');
    const { scriptedModel } = await import('../../src-main/providers/scripted.js');
    const graph = AgentGraph.parse({
      name: 'Clinic intake',
      entry_node_id: 'welcome',
      nodes: [
        {
          id: 'welcome',
          name: 'Welcome',
          type: 'conversation',
          instruction: { mode: 'prompt', text: 'Greet the caller and ask for the date of birth.' },
          transitions: [],
        },
      ],
    });
    const { agent, version } = app.ctx.store.agents.create(graph);
    agentId = agent.id;
    const suite = TestSuite.parse({
      name: 'Intake',
      tests: [
        {
          name: 'confirms the date of birth',
          user_prompt: 'Give your date of birth.',
          metrics: ['The agent confirms the date of birth'],
          max_turns: 15,
        },
      ],
    });
    const doc = app.ctx.store.suites.create(suite, 'Intake');
    const model = scriptedModel(
      {
        name: 'intake',
        defaults: { caller_turns: 15, chat: 'Welcome to the clinic, how can I help?' },
        judge: [{ metric_1: { score: 0.1, reasoning: 'The agent never repeated the date back.', turns: [12] } }],
      } as never,
      { model: 'intake.json' },
    );
    const out = await runSuite({
      store: app.ctx.store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: graph.name, graph },
      suite: { id: doc.id, name: doc.name, data: doc.data },
      options: { concurrency: 1 },
    });
    runId = out.run.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const tabTo = async (match: (el: { testid: string | null; label: string | null; text: string }) => boolean) => {
    const { page } = app;
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement;
        return {
          testid: a?.getAttribute('data-testid') ?? null,
          label: a?.getAttribute('aria-label') ?? null,
          text: (a?.textContent ?? '').trim().slice(0, 80),
        };
      });
      if (match(el)) return;
    }
    throw new Error('never reached by Tab');
  };

  it('opens the run and its failure, jumps to the flagged turn and opens the node in the editor', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${base()}#/runs`);
    await page.reload();
    await page.getByTestId(`run-row-${runId}`).waitFor();
    await tabTo((el) => el.testid === `run-row-${runId}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/runs/${runId}`));
    await page.getByTestId('demo-notice').waitFor();
    await tabTo((el) => el.testid === 'test-row-0-0');
    await page.keyboard.press('Enter');
    // the detail opens into view with the focus on its title
    const detail = page.locator('[data-result-detail]');
    await detail.waitFor();
    await expect
      .poll(async () => (await page.locator(':focus').textContent()) ?? '')
      .toContain('confirms the date of birth');
    await expect.poll(async () => (await detail.locator('h3').boundingBox())?.y ?? 9999).toBeLessThan(700);
    // 31 turns fold around the start, the end and the flagged turn
    const turns = detail.locator('.transcript > li.turn');
    const total = (await app.ctx.store.results.listByRun(runId))[0].transcript.length;
    expect(total).toBeGreaterThan(25);
    await expect.poll(() => turns.count()).toBeLessThan(12);
    await expect(detail.locator('.turn-flagged').getAttribute('data-turn')).resolves.toBe('11');
    // "Rests on turn #12" (stored index 11; people count turns from 1): scroll to it, highlighted, with the focus
    await expect(detail.locator('.turn-flagged .turn-no').textContent()).resolves.toBe('#12');
    await tabTo((el) => el.text === 'turn #12');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(':focus').getAttribute('data-turn')).toBe('11');
    await expect(detail.locator('.turn-current').getAttribute('data-turn')).resolves.toBe('11');
    // the scroll glides (smooth scrolling): read where the turn comes to rest, not where it is mid-way
    const current = detail.locator('.turn-current');
    await expect.poll(async () => (await current.boundingBox())?.y ?? 9999).toBeLessThan(700);
    expect((await current.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: '/tmp/wt17-review-failure-1024.png' });
    // search the transcript, then unfold it all
    await detail.getByLabel('Search the transcript').fill('clinic');
    await expect(detail.getByText(/matching turns?/).textContent()).resolves.toMatch(/^\d+ matching turn/);
    await detail.getByLabel('Search the transcript').fill('');
    await detail.getByRole('button', { name: `Show all ${total} turns` }).click();
    await expect.poll(() => turns.count()).toBe(total);
    // the node badge opens the node in the editor
    await tabTo((el) => el.text.startsWith('Welcome ↗'));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/agents/${agentId}\\?node=welcome`));
    await expect
      .poll(() => page.locator('input[aria-label="Node name"], input[value="Welcome"]').count())
      .toBeGreaterThan(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);
});
