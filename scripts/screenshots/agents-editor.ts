import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentGraph } from '../../src-shared/schemas/index.js';
import { demoGraph, seedCoverageRun } from '../../tests/e2e/support/graph-editor.js';
import type { ScreenSet } from './types.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'fixtures', 'ui');
const CORPUS = path.resolve(FIXTURES, '..', 'corpus', 'voicetest');

/** Agents list after an import, the graph editor (node, edge, settings, versions, problems) and a run's coverage. */
export const agentsEditorScreens: ScreenSet = {
  name: 'agents and graph editor',
  async capture({ page, ctx, base, shot }) {
    await page.goto(`${base}#/agents`);
    await page.getByText('No agents yet').waitFor();
    await shot('agents-empty', { fullPage: false });
    const demo = ctx.store.agents.create(AgentGraph.parse(demoGraph())).agent.id;
    await page.reload();
    await page.getByTestId('agent-row').first().waitFor();
    await page
      .getByTestId('import-input')
      .setInputFiles([
        path.join(FIXTURES, 'retell-sample_config_global_nodes.json'),
        path.join(FIXTURES, 'retell-sample_config_logic_split.json'),
      ]);
    await page.getByText('Imported 2 of 2 files').waitFor();
    await page.getByTestId('agent-row').nth(2).waitFor();
    await shot('agents', { fullPage: false });

    await page.goto(`${base}#/agents/${demo}`);
    await page.getByTestId('graph-editor').waitFor();
    await page.waitForTimeout(600);
    await page.locator('[data-testid="graph-node"][data-node-id="ask"]').click();
    await shot('agent-editor', { fullPage: false });
    await page.locator('[data-testid="edge-label"][data-edge-id="route::is-new"]').click();
    await shot('agent-editor-edge', { fullPage: false });
    await page.getByRole('tab', { name: 'Settings' }).click();
    await shot('agent-editor-settings', { fullPage: false });

    // a problem shown on its node, then saved as v2 to show the version history
    await page.locator('[data-testid="edge-label"][data-edge-id="greet::to-ask"]').click();
    await page.getByTestId('edge-condition').fill('');
    await page.getByTestId('validation-issue').first().waitFor();
    await page.locator('[data-testid="graph-node"][data-node-id="bye"]').click();
    await shot('agent-editor-problems', { fullPage: false });
    await page.locator('[data-testid="edge-label"][data-edge-id="greet::to-ask"]').click();
    await page.getByTestId('edge-condition').fill('The caller wants to book, move or cancel an appointment');
    await page.keyboard.press('Control+s');
    await page.getByText('v2 saved').waitFor();
    await page.getByRole('tab', { name: /Versions/ }).click();
    await page.getByTestId('version-changes').waitFor();
    await shot('agent-editor-versions', { fullPage: false });

    // a run's visits: heat map with the nodes never visited, then one conversation's path
    seedCoverageRun(ctx.store, demo);
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByRole('button', { name: 'Show coverage' }).click();
    await page.getByTestId('coverage-gaps').waitFor();
    await page.waitForTimeout(400);
    await shot('agent-coverage', { fullPage: false });
    await page
      .getByTestId('runs-panel')
      .getByRole('button', { name: /test 3/ })
      .click();
    await page.getByText('Path of test 3').waitFor();
    await page.waitForTimeout(400);
    await shot('agent-path', { fullPage: false });
    await page.getByRole('button', { name: 'Back to editing' }).click();

    // an imported Retell flow laid out on arrival (labels clear of cards and of each other), at the
    // full width and at 1024x700, where the palette is an icon rail and the inspector a drawer
    await page.goto(`${base}#/agents`);
    await page
      .getByTestId('import-input')
      .setInputFiles(path.join(CORPUS, 'retell-sample_config_extract_variables.json'));
    await page
      .getByTestId('import-outcome')
      .filter({ hasText: 'retell-sample_config_extract_variables.json' })
      .getByRole('link')
      .click();
    await page.getByTestId('graph-editor').waitFor();
    await page.waitForTimeout(600);
    await shot('agent-editor-imported', { fullPage: false });
    const small = { width: 1024, height: 700 };
    await page.setViewportSize(small);
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await page.waitForTimeout(400);
    await shot('agent-editor-1024', { size: small });
    await page.locator('[data-testid="graph-node"][data-node-id="extract_dob"]').click();
    await page.getByTestId('node-inspector').waitFor();
    await shot('agent-editor-1024-inspector', { size: small });
  },
};
