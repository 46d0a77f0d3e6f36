import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';

/**
 * Issue 17, item 11, in real web mode + Chromium at 1024x700 and 1440x900: the non-developer's
 * "elderly caller who is hard of hearing" — no warnings on a blank form, the label never given as the
 * caller's name, age / hearing / pace / line controls in the preview, saved and read back; the suite
 * editor says the agent is chosen when a run starts.
 */
describe('persona form controls', () => {
  let app: WebApp;
  const base = () => app.server.url.split('?')[0];
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const [width, height] of [
    [1024, 700],
    [1440, 900],
  ] as const) {
    it(`describes an elderly caller, hard of hearing, with controls (${width}x${height})`, async () => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await page.goto(`${base()}#/personas`);
      await page.getByRole('button', { name: 'New persona' }).click();
      const preview = page.getByTestId('persona-preview');
      // blank: a hint, no warnings
      await page.getByTestId('blank-hint').waitFor();
      await expect(page.locator('[data-testid^="warning-"]').count()).resolves.toBe(0);
      await page.getByLabel('Persona name').fill(`Elderly caller, hard of hearing ${width}`);
      await expect.poll(() => preview.textContent()).toContain('make up a plausible one');
      await expect(preview.textContent()).resolves.not.toContain('Your name is Elderly');
      await page
        .getByRole('textbox', { name: 'Goal' })
        .fill('Book a check-up; gives her date of birth wrong at first.');
      await page.getByLabel('Age', { exact: true }).fill('82');
      await page
        .getByRole('radiogroup', { name: 'Hearing' })
        .getByRole('radio', { name: 'Hard of hearing', exact: true })
        .click();
      await page.getByRole('radiogroup', { name: 'Speaking pace' }).getByRole('radio', { name: 'Slow' }).click();
      await page.getByRole('radiogroup', { name: 'Phone line' }).getByRole('radio', { name: 'Noisy' }).click();
      await expect.poll(() => preview.textContent()).toContain('noisy place');
      await page.screenshot({ path: `/tmp/wt17-persona-controls-${width}.png` });
      await page.getByTestId('behaviour-wrong_details_first').click();
      await expect.poll(() => preview.textContent()).toContain('You are 82 years old.');
      const text = (await preview.textContent()) ?? '';
      expect(text).toContain('You are hard of hearing');
      expect(text).toContain('You speak slowly');
      expect(text).toContain('noisy place');
      await expect(page.getByTestId('warning-label_only').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Save persona' }).click();
      await expect
        .poll(() => app.ctx.store.personas.list().find((p) => p.name.endsWith(String(width)))?.data.personality)
        .toMatchObject({ age: '82', hearing: 'hard_of_hearing', pace: 'slow', line_quality: 'noisy' });
    });
  }

  it('the suite editor says the agent is chosen when the run starts', async () => {
    const { page } = app;
    await page.goto(`${base()}#/suites/new`);
    await expect.poll(() => page.getByText('The agent and the models are chosen when a run starts').count()).toBe(1);
  });
});
