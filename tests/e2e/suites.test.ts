import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, seedExampleAgent, type WebApp } from './support/browser.js';

const DEMO_TESTS = fileURLToPath(new URL('../fixtures/corpus/voicetest/demo-tests.json', import.meta.url));

describe('suite editor in Chromium (web mode)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
    await seedExampleAgent(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('imports a voicetest test file as a suite', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Suites', exact: true }).click();
    await page.getByText('No suites yet').waitFor();
    await page.getByLabel('Test files to import').setInputFiles(DEMO_TESTS);
    const results = page.getByLabel('Import results');
    await results.getByText('demo-tests.json').waitFor();
    await results.getByRole('link').first().waitFor();
    const suites = app.ctx.store.suites.list();
    expect(suites).toHaveLength(1);
    const source = JSON.parse(fs.readFileSync(DEMO_TESTS, 'utf8')) as { name: string }[];
    expect(suites[0].data.tests.map((t) => t.name)).toEqual(source.map((t) => t.name));
    // voicetest "unit" tests are rule-only tests
    expect(suites[0].data.tests.find((t) => t.name === 'Greeting includes company name')?.type).toBe('rule');
    await page.getByRole('link', { name: suites[0].name, exact: true }).first().waitFor();
  });

  it('edits a test: metric with threshold, scoped rule, pattern tester, tool mock, variables, path assertions; saves', async () => {
    const { page } = app;
    const [suite] = app.ctx.store.suites.list();
    await page.getByRole('link', { name: suite.name, exact: true }).first().click();
    await page.getByLabel('Suite name').waitFor();
    await page.getByLabel('Agent for suggestions').selectOption({ label: 'Maple Street Clinic (example)' });

    // the first test is selected; rename it
    await page.getByLabel('Test name').fill('Schedule a checkup');
    await page.getByText('Unsaved changes').waitFor();

    // a common criterion, then a threshold out of range: saving is refused with the field path
    await page.getByLabel('Add a common criterion').selectOption({
      label: "The agent verified the caller's identity before sharing or changing any account details.",
    });
    const metrics = await page
      .getByTestId('metrics-section')
      .getByLabel(/^Metric \d+$/)
      .count();
    expect(metrics).toBe(4);
    await page.getByLabel(`Threshold of metric ${metrics}`).fill('1.5');
    await page.getByRole('button', { name: 'Save suite' }).click();
    const errors = page.getByRole('alert').filter({ hasText: 'Cannot save yet' });
    await errors.waitFor();
    expect(await errors.textContent()).toContain(`tests[0].metrics[${metrics - 1}].threshold`);
    expect(app.ctx.store.suites.get(suite.id)!.data.tests[0].name).toBe('Schedule appointment'); // nothing saved
    await page.getByLabel(`Threshold of metric ${metrics}`).fill('0.85');
    await expect.poll(() => errors.count()).toBe(0);

    // a rule only the agent must say
    const rules = page.getByTestId('rules-section');
    await rules.getByLabel('Must be said').getByRole('button', { name: '+ Add' }).click();
    await rules.getByLabel('Must be said 1 scope').selectOption('agent');
    await rules.getByLabel('Must be said 1', { exact: true }).fill('date of birth');

    // a regular expression and the live tester
    await rules.getByRole('button', { name: '+ Add a pattern' }).click();
    await rules.getByLabel('Pattern 1', { exact: true }).fill('/confirmation (number|code) [A-Z]{2}\\d+/i');
    await rules.getByLabel('Sample text for patterns').fill('Caller: hi\nAgent: Your Confirmation code AB12 is ready.');
    const tester = rules.getByTestId('pattern-results');
    await expect.poll(() => tester.textContent()).toContain('matches line 2');
    await rules.getByLabel('Pattern 1', { exact: true }).fill('(unclosed');
    await rules.getByText('Not a valid regular expression').first().waitFor();
    await rules.getByLabel('Pattern 1', { exact: true }).fill('/confirmation/i');

    // a tool mock with the agent's tool; invalid JSON is reported with its path
    const mocks = page.getByTestId('mocks-section');
    await mocks.getByRole('button', { name: '+ Add a mock' }).click();
    expect(await mocks.getByLabel('Mock 1 tool', { exact: true }).inputValue()).toBe('find_slots');
    await mocks.getByLabel('Response (JSON)').fill('{"available_count": 2,');
    await mocks.getByText('tests[0].tool_mocks[0].response').waitFor();
    await mocks.getByLabel('Response (JSON)').fill('{"available_count": 2, "first_slot": "Tuesday at 10:00"}');
    await expect.poll(() => mocks.getByRole('alert').count()).toBe(0);

    // the raw JSON view of the mocks validates against the schema
    await mocks.getByRole('button', { name: 'Edit as JSON' }).click();
    const raw = mocks.getByLabel('Tool mocks (JSON)');
    expect(JSON.parse(await raw.inputValue())).toEqual([
      { tool: 'find_slots', response: { available_count: 2, first_slot: 'Tuesday at 10:00' } },
    ]);
    await raw.fill('[{"response": 1}]');
    await mocks.getByText(/\[0\]\.tool/).waitFor();
    await raw.fill(
      '[{"tool": "find_slots", "response": {"available_count": 2, "first_slot": "Tuesday at 10:00"}}, {"tool": "book_slot", "response": {"confirmation": "X1"}}]',
    );
    await mocks.getByRole('button', { name: 'Edit as a form' }).click();
    expect(await mocks.getByLabel('Mock 2 tool', { exact: true }).inputValue()).toBe('book_slot');

    // path assertions pick node ids from the agent
    const asserts = page.getByTestId('assertions-section');
    await asserts.getByLabel('Add a node to Must visit').selectOption('check_slots');
    await asserts.getByLabel('Add a node to Must not visit').selectOption('transfer_front_desk');
    await asserts.getByLabel('Ends at').selectOption('booked');
    await asserts.getByRole('button', { name: '+ Check the tool calls' }).click();
    await asserts.getByRole('button', { name: '+ Add an expected call' }).click();
    expect(await asserts.getByLabel('Expected call 1 tool').inputValue()).toBe('find_slots');

    // dynamic variables: JSON with errors shown by path
    const vars = page.getByTestId('variables-section');
    await vars.getByLabel('Variables (JSON object)').fill('["not", "an object"]');
    await vars.getByText('Expected an object').waitFor();
    await vars.getByLabel('Variables (JSON object)').fill('{"clinic_name": "Oak Clinic"}');
    await expect.poll(() => vars.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Repeats').fill('3');
    await page.getByRole('button', { name: 'Save suite' }).click();
    await page.getByText('Saved.').waitFor();

    const saved = app.ctx.store.suites.get(suite.id)!.data.tests[0];
    expect(saved.name).toBe('Schedule a checkup');
    expect(saved.repeats).toBe(3);
    expect(saved.metrics.at(-1)).toEqual({
      criterion: "The agent verified the caller's identity before sharing or changing any account details.",
      threshold: 0.85,
    });
    expect(saved.includes).toEqual(['agent:date of birth']);
    expect(saved.patterns).toEqual(['/confirmation/i']);
    expect(saved.tool_mocks.map((m) => m.tool)).toEqual(['find_slots', 'book_slot']);
    expect(saved.dynamic_variables).toEqual({ clinic_name: 'Oak Clinic' });
    expect(saved.assertions?.path).toEqual({
      must_visit: ['check_slots'],
      must_not_visit: ['transfer_front_desk'],
      ends_at: 'booked',
    });
    expect(saved.assertions?.tool_calls).toEqual({
      mode: 'contains',
      calls: [{ name: 'find_slots', args_match: 'partial' }],
    });

    // still there after a reload
    await page.reload();
    await page.getByLabel('Test name').waitFor();
    expect(await page.getByLabel('Test name').inputValue()).toBe('Schedule a checkup');
  });

  it('gives a test a persona from the library, adds and deletes tests, exports as voicetest', async () => {
    const { page } = app;
    const persona = app.ctx.store.personas.create(
      { name: 'Impatient Mike', identity: { name: 'Mike' }, personality: { patience: 'low' } },
      'Impatient Mike',
    );
    await page.reload();
    await page.getByRole('button', { name: '+ Add a test' }).click();
    await page.getByLabel('Test name').fill('Mike books');
    await page.getByRole('radio', { name: /A persona from the library/ }).check();
    await page.getByLabel('Persona from library').selectOption({ label: 'Impatient Mike' });
    await page.getByTestId('persona-preview').getByText('Your name is Mike').waitFor();

    await page.getByRole('button', { name: '+ Add a test' }).click();
    await page.getByRole('navigation', { name: 'Tests' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this test?' }).getByRole('button', { name: 'Delete test' }).click();
    await page.getByRole('button', { name: 'Save suite' }).click();
    await page.getByText('Saved.').waitFor();
    const [suite] = app.ctx.store.suites.list();
    expect(suite.data.tests).toHaveLength(9);
    expect(suite.data.tests.at(-1)).toMatchObject({ name: 'Mike books', persona: persona.id });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export voicetest' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string }[];
    expect(Array.isArray(exported)).toBe(true);
    expect(exported.map((t) => t.name)).toContain('Schedule a checkup');
  });
});
