import type { Locator } from 'playwright-core';

/**
 * Chooses a role's model in the New run dialog through the Models page's ModelPicker:
 * provider, then the model typed by hand (`provider:path-or-name`), and CPU threads for llama-cpp.
 */
export async function pickModel(
  dialog: Locator,
  label: string,
  spec: string,
  opts: { threads?: string } = {},
): Promise<void> {
  const i = spec.indexOf(':');
  const provider = spec.slice(0, i);
  const model = spec.slice(i + 1);
  await dialog.getByLabel(`${label} provider`, { exact: true }).selectOption(provider);
  const listed = dialog.getByLabel(`${label} model`, { exact: true });
  if (await listed.count()) await listed.selectOption('__other');
  await dialog.getByLabel(`${label} model name`, { exact: true }).fill(model);
  if (opts.threads) {
    const picker = dialog
      .locator('fieldset')
      .filter({ has: dialog.page().locator('legend', { hasText: new RegExp(`^${label}$`) }) })
      .first();
    await picker.getByText(/^Parameters/).click();
    await dialog.getByLabel(`${label} threads`, { exact: true }).fill(opts.threads);
  }
}

/** Clicks Start run, or fails with what the dialog says is missing. */
export async function startRun(dialog: Locator): Promise<void> {
  const button = dialog.getByRole('button', { name: 'Start run' });
  for (let i = 0; i < 100 && !(await button.isEnabled()); i++) await dialog.page().waitForTimeout(100);
  if (!(await button.isEnabled())) {
    const why = await dialog.locator('[role="status"], [role="alert"]').allTextContents();
    throw new Error(`Start run stays disabled: ${why.join(' | ') || '(no message)'}`);
  }
  await button.click();
}
