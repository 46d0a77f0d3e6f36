import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { tempDir } from '../support/tmp.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { openEditor } from './support/graph-editor.js';

/**
 * The microphone in Try it (issue 11), in real Chromium: its fake capture device plays a WAV that the real
 * espeak-ng spoke; the real pocketsphinx recognises it on the server; the agent hears what it recognised.
 */
describe('Try it with the microphone (Chromium fake capture, espeak-ng, pocketsphinx)', () => {
  const tmp = tempDir();
  const spoken = path.join(tmp.dir, 'caller.wav');
  let app: WebApp;
  let agentId: string;

  beforeAll(async () => {
    execFileSync('espeak-ng', ['-w', spoken, 'I need to cancel my appointment please']);
    app = await openWebApp({
      chromiumArgs: [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${spoken}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    await app.page.context().grantPermissions(['microphone'], { origin: app.server.url });
    const fr = await dispatch(app.ctx, 'app.firstRun', {});
    if (!fr.ok) throw new Error(fr.error.message);
    agentId = (fr.output as { agent_id: string }).agent_id;
    await app.page.reload();
  });
  afterAll(async () => {
    await app?.close();
    tmp.cleanup();
  });

  it('talks as the caller: the recognised words become the caller turn the agent answers; replies can be spoken', async () => {
    const { page } = app;
    await openEditor(page, agentId, 14);
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    const dock = page.getByTestId('graph-try-it');
    await dock.waitFor();
    await dock.getByLabel('Agent model provider').selectOption('scripted');
    await expect
      .poll(() => dock.getByLabel('Agent model model', { exact: true }).inputValue())
      .toContain('scripted-model.json');
    await dock.getByRole('button', { name: 'Start the conversation' }).click();
    await dock.getByTestId('turn-agent').first().waitFor();

    // replies spoken from now on: the next agent turn goes through speech.synthesize (flite, the default)
    await dock.getByRole('switch', { name: 'Speak replies' }).check();
    const synthesized = page.waitForRequest((r) => r.url().endsWith('/rpc/speech.synthesize'), { timeout: 60_000 });

    await dock.getByTestId('try-mic').click();
    await dock.getByText('Recording… speak').waitFor();
    await page.waitForTimeout(3500); // the fake device plays the file
    await dock.getByRole('button', { name: '■ Stop and send' }).click();
    const heard = dock.getByTestId('try-heard');
    await heard.waitFor({ timeout: 60_000 });
    const words = /pocketsphinx heard: “(.+)”/.exec((await heard.textContent()) ?? '')?.[1];
    expect(words?.length).toBeGreaterThan(0);
    // the caller turn is exactly what speech recognition heard, and the agent answers it
    const caller = dock.getByTestId('turn-caller').first();
    await caller.waitFor();
    expect(await caller.textContent()).toContain(words);
    await dock.getByTestId('turn-agent').nth(1).waitFor({ timeout: 60_000 });
    const req = await synthesized;
    expect(JSON.parse(req.postData() ?? '{}')).toMatchObject({ tts: 'flite' });
    expect(await dock.getByTestId('try-voice-error').count()).toBe(0);
  });

  it('a speech engine that does not exist is named in the error, and the conversation goes on', async () => {
    const dock = app.page.getByTestId('graph-try-it');
    await dock.getByText('Speech engines').click();
    await dock.getByLabel('Try it speech-to-text engine').fill('whisper-cli:/parley/no-such-recogniser.bin');
    const before = await dock.getByTestId('turn-caller').count();
    await dock.getByTestId('try-mic').click();
    await app.page.waitForTimeout(1500);
    await dock.getByRole('button', { name: '■ Stop and send' }).click();
    const err = dock.getByTestId('try-voice-error');
    await err.waitFor({ timeout: 30_000 });
    expect(await err.textContent()).toContain('no-such-recogniser');
    expect(await dock.getByTestId('turn-caller').count()).toBe(before);
    await dock.getByLabel('Try it speech-to-text engine').fill('pocketsphinx');
  });
});
