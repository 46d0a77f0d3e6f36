/**
 * The Speech section of the Models page in Chromium (web mode): Test speaks a sentence with the real
 * flite (the default) and transcribes it with the real pocketsphinx, showing both texts, the diff on
 * normalised words, the verdict and the timings; a missing program is named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';

describe('speech engines on the Models page', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('Test speaks and hears a sentence, and names a missing program', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Models', exact: true }).click();
    const section = page.getByTestId('speech-engines');
    await section.getByLabel('Sentence to speak').fill('Your reference number is 415 555 1234');
    await section.getByTestId('speech-test').click();
    const result = section.getByTestId('speech-result');
    await result.waitFor({ timeout: 90_000 });
    expect(await result.getByText('Your reference number is 415 555 1234', { exact: true }).count()).toBe(1);
    const heard = (await section.getByTestId('speech-heard').textContent()) ?? '';
    expect(heard.length).toBeGreaterThan(0);
    expect(heard).not.toContain('415');
    expect(heard).toMatch(/four one five/);
    expect(await section.getByLabel('Text-to-speech engine').inputValue()).toBe('flite');
    expect(await section.getByTestId('speech-verdict').textContent()).toMatch(/^lost [01] of 14 words; digits kept$/);
    expect(await section.getByTestId('speech-timings').textContent()).toMatch(
      /speaking [\d.]+ m?s.*listening [\d.]+ m?s.*of audio/,
    );
    // the verdict ends with what it means: whether the pair can check what a caller hears
    expect(await section.getByTestId('speech-usable').textContent()).toMatch(/^This pair is (not )?usable/);
    // the section reads as user text: no engine spec list in its description
    expect(await section.locator('.muted').first().textContent()).not.toContain('command:PROGRAM');
    await section.screenshot({ path: shotPath('models-speech-test.png') });

    // a program is a local user's setting: web mode refuses command: specs, naming the field
    await section.getByLabel('Text-to-speech engine').fill('command:parley-no-such-tts {out}');
    await section.getByTestId('speech-test').click();
    await section.getByText(/a command: speech spec runs a program on this computer/).waitFor({ timeout: 30_000 });
  }, 150_000);
});
