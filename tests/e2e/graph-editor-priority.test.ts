import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, edgeLabel, openEditor } from './support/graph-editor.js';

/** The priority of a node's conditions, reordered by dragging in the edge inspector (first match wins). */
describe('condition priority by drag and drop', () => {
  let app: WebApp;
  let agentId = '';
  beforeAll(async () => {
    app = await openWebApp();
    const to = (id: string, target: string, prompt: string) => ({ id, target, condition: { kind: 'prompt', prompt } });
    agentId = createAgent(app, {
      name: 'Router',
      entry_node_id: 'hub',
      nodes: [
        {
          id: 'hub',
          type: 'conversation',
          position: { x: 0, y: 0 },
          instruction: { text: 'Ask what the caller needs.' },
          transitions: [
            to('t-billing', 'billing', 'Billing question'),
            to('t-orders', 'orders', 'Order question'),
            to('t-human', 'human', 'Wants a person'),
          ],
        },
        { id: 'billing', type: 'end', position: { x: 400, y: -150 } },
        { id: 'orders', type: 'end', position: { x: 400, y: 0 } },
        { id: 'human', type: 'end', position: { x: 400, y: 150 } },
      ],
    } as never);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('drags the last condition to the top; the order is saved with the next version', async () => {
    const { page } = app;
    await openEditor(page, agentId, 4);
    await edgeLabel(page, 'hub', 't-human').click();
    const list = page.getByTestId('edge-priority');
    await list.waitFor();
    const rows = list.locator('li');
    const order = async () => {
      const out: (string | null)[] = [];
      for (let i = 0; i < (await rows.count()); i++) out.push(await rows.nth(i).getAttribute('data-testid'));
      return out;
    };
    expect(await order()).toEqual(['priority-t-billing', 'priority-t-orders', 'priority-t-human']);
    await list.getByTestId('priority-t-human').dragTo(list.getByTestId('priority-t-billing'));
    await expect.poll(order).toEqual(['priority-t-human', 'priority-t-billing', 'priority-t-orders']);
    await page.keyboard.press('Control+s');
    await page.getByTestId('save-status').getByText('v2 saved').waitFor();
    const saved = app.ctx.store.agents.latest(agentId)!.graph.nodes.find((n) => n.id === 'hub')!;
    expect(saved.transitions.map((t) => t.id)).toEqual(['t-human', 't-billing', 't-orders']);
  });
});
