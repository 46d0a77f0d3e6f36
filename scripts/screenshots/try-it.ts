import fs from 'node:fs';
import path from 'node:path';
import { dispatch } from '../../src-main/api/dispatch.js';
import { resourcesDir } from '../../src-main/app/workspace/first-run-methods.js';
import { TestSuite, type Persona } from '../../src-shared/schemas/index.js';
import type { ScreenSet } from './types.js';

/** Try it: the persona editor's drawer (the persona speaks) and the graph editor's docked test panel (typing as the caller). */
export const tryItScreens: ScreenSet = {
  name: 'try-it playground',
  async capture({ page, ctx, base, shot }) {
    const fr = await dispatch(ctx, 'app.firstRun', {});
    if (!fr.ok) throw new Error(fr.error.message);
    const agentId = (fr.output as { agent_id: string }).agent_id;
    const suite = TestSuite.parse(
      JSON.parse(fs.readFileSync(path.join(resourcesDir()!, 'example', 'suite.json'), 'utf8')),
    );
    const john = suite.tests[0];
    const persona = john.persona as Persona;
    const personaId = ctx.store.personas.create(persona, persona.name).id;
    // the agent and persona were written behind the app's back: reload so no list is served from the cache
    await page.reload();

    await page.goto(`${base}#/personas/${personaId}`);
    await page.getByLabel('Persona name').waitFor();
    await page.getByRole('button', { name: 'Try it' }).click();
    const drawer = page.getByTestId('try-drawer');
    await drawer.getByLabel('Agent model provider').selectOption('scripted');
    await drawer.getByText('Variables and tool answers').click();
    await drawer.getByLabel('Tool answers JSON').fill(JSON.stringify(john.tool_mocks));
    await shot('try-it-setup', { fullPage: false });
    await drawer.getByRole('button', { name: 'Start the conversation' }).click();
    await drawer.getByTestId('turn-agent').first().waitFor();
    await drawer.getByRole('button', { name: 'Persona speaks next' }).click();
    await drawer.getByText('Shall I book it for you?').waitFor();
    await shot('try-it-persona', { fullPage: false });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${base}#/agents/${agentId}`);
    await page.getByTestId('graph-editor').waitFor();
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    const dock = page.getByTestId('graph-try-it');
    await dock.getByRole('button', { name: 'Start the conversation' }).click();
    await dock.getByTestId('turn-agent').first().waitFor();
    await dock
      .getByLabel('Caller message')
      .fill('Hi, this is Maria Garcia, born March 22, 1990. I need to cancel my appointment.');
    await dock.getByRole('button', { name: 'Send' }).click();
    await dock.getByText('Shall I cancel it?').waitFor();
    await page.waitForTimeout(400);
    await shot('try-it-graph-editor', { fullPage: false });
  },
};
