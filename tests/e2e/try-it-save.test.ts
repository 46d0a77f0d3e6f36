import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { resourcesDir } from '../../src-main/app/workspace/first-run-methods.js';
import { appOf } from '../../src-main/app/door/app-service.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { openEditor } from './support/graph-editor.js';

/** Issue 38 item 5: Try it's "Save as test" and "Save as run" in real Chromium (web mode, bundled scripted model). */
describe('keeping a Try-it conversation', () => {
  let app: WebApp;
  let agentId: string;
  let exampleSuite: string;
  const script = () => path.join(resourcesDir()!, 'example', 'scripted-model.json');
  const lines = [
    'Hi, this is Maria Garcia, born March 22, 1990. I need to cancel my appointment.',
    'Yes, please cancel it.',
  ];

  beforeAll(async () => {
    app = await openWebApp();
    await app.page.setViewportSize({ width: 1024, height: 700 });
    const fr = await dispatch(app.ctx, 'app.firstRun', {});
    if (!fr.ok) throw new Error(fr.error.message);
    ({ agent_id: agentId, suite_id: exampleSuite } = fr.output as { agent_id: string; suite_id: string });
    await app.page.reload();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('Save as test: the caller lines become a caller_script test in a new suite, which runs them again; Save as run keeps it as a run that Evaluate judges', async () => {
    const { page } = app;
    await openEditor(page, agentId, 14);
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    const drawer = page.getByTestId('graph-try-it');
    await drawer.getByRole('radio', { name: 'I am the caller' }).click();
    await drawer.getByLabel('Agent model provider').selectOption('scripted');
    await expect
      .poll(() => drawer.getByLabel('Agent model model', { exact: true }).inputValue())
      .toContain('scripted-model.json');
    await drawer.getByRole('button', { name: 'Start the conversation' }).click();
    await drawer.getByTestId('turn-agent').first().waitFor();
    expect(await drawer.getByRole('button', { name: 'Save as test…' }).isDisabled()).toBe(true);
    for (const line of lines) {
      await drawer.getByLabel('Caller message').fill(line);
      await drawer.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() => drawer.getByTestId('turn-caller').count())
        .toBeGreaterThanOrEqual(lines.indexOf(line) + 1);
    }
    await drawer.getByTestId('try-ended').waitFor();

    // Save as test, into a new suite
    await drawer.getByRole('button', { name: 'Save as test…' }).click();
    const form = drawer.getByRole('form', { name: 'Save as test' });
    await form.getByLabel('Test name').fill('Cancels from Try it');
    await form.getByLabel('Suite').selectOption({ label: 'A new suite…' });
    await form.getByLabel('New suite name').fill('Kept from Try it');
    await form.getByRole('button', { name: 'Save test' }).click();
    await drawer.getByText('Saved “Cancels from Try it” to').waitFor();
    const suite = app.ctx.store.suites.list().find((s) => s.name === 'Kept from Try it')!;
    expect(suite.data.tests).toHaveLength(1);
    expect(suite.data.tests[0]).toMatchObject({ name: 'Cancels from Try it', caller_script: lines, max_turns: 2 });

    // the saved test replays the same caller lines against the agent
    const job = await appOf(app.ctx).runs.start({
      agent: agentId,
      suite: { id: suite.id, name: suite.name, data: suite.data },
      models: { agent: { provider: 'scripted', model: script(), params: {} } },
    });
    const replayed = await job.done;
    const callerSaid = replayed.results[0].transcript.filter((t) => t.role === 'caller').map((t) => t.content);
    expect(callerSaid).toEqual(lines);

    // Save as run: stored like an imported call, then judged with the example suite's cancellation test
    await drawer.getByRole('button', { name: 'Save as run' }).click();
    const kept = drawer.getByText(/Kept as run/);
    await kept.waitFor();
    const runId = (await kept.getByRole('link').textContent())!.replace(/^run /, '');
    const stored = app.ctx.store.runs.get(runId)!;
    expect(stored).toMatchObject({ kind: 'imported', agent_id: agentId, status: 'completed' });
    const [result] = app.ctx.store.results.listByRun(runId);
    expect(result.transcript.filter((t) => t.role === 'caller').map((t) => t.content)).toEqual(lines);
    const evaluated = await appOf(app.ctx).runs.evaluate({
      run_id: runId,
      suite: { id: exampleSuite, name: 'example', data: app.ctx.store.suites.get(exampleSuite)!.data },
      judge: { provider: 'scripted', model: script(), params: {} },
      test: 'Cancels an appointment',
    });
    const judged = await evaluated.done;
    expect(judged.run.parent_run_id).toBe(runId);
    expect(judged.results[0].metrics.length).toBeGreaterThan(0);

    // the link opens the kept run
    await kept.getByRole('link').click();
    await page.getByTestId('run-status').getByText('completed').waitFor();
  });
});
