import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, seedExampleAgent, type WebApp } from './support/browser.js';
import { pickModel } from './runs-dialog.js';
import { tempDir } from '../support/tmp.js';
import { writeScript } from '../integration/api/run-control-fixtures.js';

describe('persona builder in Chromium (web mode)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
    await seedExampleAgent(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('builds a persona with the form, previews it live, saves it and finds it after a reload', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Personas', exact: true }).click();
    await page.getByText('No personas yet').waitFor();
    await page.getByRole('button', { name: 'New persona' }).click();

    const preview = page.getByTestId('persona-preview');
    await page.getByLabel('Persona name').fill('Late order, wants a human');
    // only a name: the UI warns that a label alone changes little
    await page.getByTestId('warning-label_only').waitFor();

    // a new persona has no fact rows; common ones are one click away
    await page.getByLabel('Common facts').getByRole('button', { name: '+ name' }).click();
    await page.getByLabel('Fact value 1', { exact: true }).fill('Rosa Diaz');
    await expect.poll(() => preview.textContent()).toContain('Rosa Diaz');

    // the chosen agent's variables are offered as facts: patient_name / date_of_birth come from its extract node
    const suggestions = page.getByLabel('Suggested facts from the agent');
    await suggestions.getByRole('button', { name: '+ date_of_birth' }).click();
    await page.getByLabel('Fact name 2', { exact: true }).waitFor();
    expect(await page.getByLabel('Fact name 2', { exact: true }).inputValue()).toBe('date_of_birth');
    await page.getByLabel('Fact value 2', { exact: true }).fill('May 4, 1990');
    await expect.poll(() => preview.textContent()).toMatch(/date of birth is May 4, 1990/);

    await page.getByRole('textbox', { name: 'Goal' }).fill('Find out why order 5521 is late and get a refund.');
    await page.getByLabel('Temperament').selectOption('irritated');
    // still only a label: the warning stays until something concrete is set
    await page.getByTestId('warning-label_only').waitFor();

    const before = await preview.textContent();
    await page.getByRole('radiogroup', { name: 'Patience' }).getByRole('radio', { name: 'Impatient' }).click();
    await expect.poll(() => preview.textContent()).not.toBe(before);
    expect(await page.getByTestId('warning-label_only').count()).toBe(0);

    // behaviour toggles add their concrete instruction to the preview
    const humanToggle = page.getByTestId('behaviour-asks_for_human');
    const humanText = (await humanToggle.locator('.muted').textContent())!.trim();
    expect(humanText.length).toBeGreaterThan(10);
    expect(await preview.textContent()).not.toContain(humanText);
    await humanToggle.click();
    await expect.poll(() => preview.textContent()).toContain(humanText);
    expect(await page.getByRole('switch', { name: 'Asks for a human' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: '+ Add a hidden fact' }).click();
    await page.getByLabel('Hidden fact 1', { exact: true }).fill('You already called twice this week');
    await expect.poll(() => preview.textContent()).toContain('You already called twice this week');

    await page.getByRole('button', { name: 'Save persona' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(page.url()).toMatch(/#\/personas\/pe_/);

    // stored through the real API
    const stored = app.ctx.store.personas.list();
    expect(stored).toHaveLength(1);
    expect(stored[0].data).toMatchObject({
      name: 'Late order, wants a human',
      identity: { name: 'Rosa Diaz', date_of_birth: 'May 4, 1990' },
      personality: { temperament: 'irritated', patience: 'low' },
      behaviours: { asks_for_human: true, hidden_facts: [{ fact: 'You already called twice this week' }] },
    });

    // in the library, and still there after a reload
    await page.getByRole('link', { name: 'Back to library' }).click();
    await page.getByRole('link', { name: 'Late order, wants a human' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Late order, wants a human' }).waitFor();
    await page.getByLabel('Search personas').fill('refund');
    await page.getByRole('link', { name: 'Late order, wants a human' }).waitFor();
    await page.getByLabel('Search personas').fill('no such thing');
    await page.getByText('No persona matches').waitFor();
    await page.getByLabel('Search personas').fill('');

    // reopen: the form shows what was saved
    await page.getByRole('link', { name: 'Late order, wants a human' }).click();
    expect(await page.getByLabel('Fact value 1', { exact: true }).inputValue()).toBe('Rosa Diaz');
    expect(await page.getByRole('switch', { name: 'Asks for a human' }).isChecked()).toBe(true);
  });

  it('blocks saving with errors that name the field', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/personas`);
    await page.getByRole('button', { name: 'New persona' }).click();
    await page.getByRole('button', { name: '+ Add a fact' }).click();
    await page.getByLabel('Fact value 1', { exact: true }).fill('Kim');
    await page.getByLabel('Fact name 1', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save persona' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Cannot save yet' });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('name');
    expect(text).toContain('facts[0].key');
    expect(app.ctx.store.personas.list()).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to library' }).click();
  });

  it('clones a template, clones and deletes from the library with a confirmation', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Use template Wants a human' }).click();
    expect(await page.getByLabel('Persona name').inputValue()).toBe('Caller who wants a human');
    expect(await page.getByRole('switch', { name: 'Asks for a human' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save persona' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to library' }).click();
    await page.getByRole('link', { name: 'Caller who wants a human' }).waitFor();

    await page.getByRole('button', { name: 'Clone Caller who wants a human' }).click();
    await page.getByRole('link', { name: 'Caller who wants a human (copy)' }).waitFor();
    expect(app.ctx.store.personas.list()).toHaveLength(3);

    await page.getByRole('button', { name: 'Delete Caller who wants a human (copy)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this persona?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(app.ctx.store.personas.list()).toHaveLength(3);
    await page.getByRole('button', { name: 'Delete Caller who wants a human (copy)' }).click();
    await dialog.getByRole('button', { name: 'Delete persona' }).click();
    await page.getByText('Deleted “Caller who wants a human (copy)”.').waitFor();
    expect(
      app.ctx.store.personas
        .list()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Caller who wants a human', 'Late order, wants a human']);
  });

  it('imports a Retell-style markdown persona and switches it to the form', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Import markdown persona' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a markdown persona' });
    await dialog.getByLabel('Imported persona name').fill('Mike wants a refund');
    await dialog
      .getByLabel('Markdown persona')
      .fill(
        '## Identity\nYour name is Mike.\nYour order number is 7891273.\n\n## Goal\nReturn the package and get a refund.\n\n## Personality\nYou are patient, but you get impatient if it takes long.',
      );
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByLabel('Markdown briefing').waitFor();
    // verbatim until switched
    expect(await page.getByTestId('persona-preview').textContent()).toContain('Your name is Mike.');
    await page.getByRole('button', { name: 'Switch to the form' }).click();
    expect(await page.getByLabel('Fact name 2', { exact: true }).inputValue()).toBe('order_number');
    expect(await page.getByLabel('Fact value 2', { exact: true }).inputValue()).toBe('7891273');
    expect(await page.getByRole('textbox', { name: 'Goal' }).inputValue()).toBe('Return the package and get a refund.');
    await page.getByRole('button', { name: 'Save persona' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const mike = app.ctx.store.personas.list().find((p) => p.name === 'Mike wants a refund')!;
    expect(mike.data.markdown).toBeUndefined();
    expect(mike.data.identity).toEqual({ name: 'Mike', order_number: '7891273' });
    expect(mike.data.personality.notes).toContain('impatient');
  });

  it('generates personas from an agent with a model, reviews them (drop one, rename one) and saves the kept one', async () => {
    const { page, ctx } = app;
    const tmp = tempDir();
    const proposal = (name: string, why: string) => ({
      name,
      facts: [{ key: 'patient name', value: 'Ana' }],
      goal: 'Book a cleaning.',
      temperament: 'anxious',
      patience: 'low',
      verbosity: 'high',
      cooperativeness: 'medium',
      clarity: 'rambling',
      interrupts: false,
      wrong_details_first: true,
      asks_for_human: false,
      goes_off_topic: false,
      why,
    });
    const model = writeScript(tmp.dir, 'generator', {
      name: 'generator',
      generate_personas: [
        {
          personas: [
            proposal('Anxious Ana', 'gives a wrong date of birth first'),
            proposal('Off-topic Otto', 'drifts away from the booking'),
          ],
        },
      ],
    });
    await page.getByRole('link', { name: 'Personas', exact: true }).click();
    await page.getByRole('button', { name: 'Generate from an agent…' }).click();
    const dialog = page.getByTestId('generate-personas');
    await pickModel(dialog, 'Model', `scripted:${model}`);
    await dialog.getByLabel('How many').fill('2');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const cards = dialog.getByTestId('generated-persona');
    await expect.poll(() => cards.count()).toBe(2);
    await expect(cards.first().textContent()).resolves.toContain('gives a wrong date of birth first');
    await dialog.getByLabel('Keep Off-topic Otto').uncheck();
    await dialog.getByLabel('Name of persona 1').fill('Anxious Ana (wrong DOB)');
    await dialog.getByRole('button', { name: 'Save 1 persona' }).click();
    await page.getByText('Saved 1 generated persona to the library.').waitFor();
    const saved = ctx.store.personas.list().map((d) => d.name);
    expect(saved).toContain('Anxious Ana (wrong DOB)');
    expect(saved).not.toContain('Off-topic Otto');
    expect(ctx.store.personas.find('Anxious Ana (wrong DOB)')?.data).toMatchObject({
      identity: { 'patient name': 'Ana' },
      behaviours: { wrong_details_first: true },
      tags: ['generated'],
    });
    tmp.cleanup();
  });
});
