import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';

/** Issue 39 item 8 through the CLI: `validate`, `import` and `personas import` name keys no check reads. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-unknown-keys-'));
const db = path.join(dir, 'p.db');
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('unknown keys through the CLI', () => {
  const suite = write('suite.json', { name: 's', tests: [{ name: 'greets', inclueds: ['never said'] }] });
  const agent = write('agent.json', {
    format: 'parley',
    version: 1,
    agent: {
      name: 'a',
      entry_node_id: 'a',
      nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'Hi' }, transitons: [] }],
    },
  });

  it('validate: a suite test with a misspelled assertion is invalid, named by path with the key it meant', async () => {
    const r = await parleyInProcess('validate', suite);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('invalid, 1 error');
    expect(r.stdout).toContain('tests[0].inclueds');
    expect(r.stdout).toContain('did you mean includes?');
  });

  it('import: the suite is refused and nothing is stored', async () => {
    const r = await parleyInProcess('import', suite, '--db', db);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('did you mean includes?');
    const list = await parleyInProcess('suites', 'list', '--json', '--db', db);
    expect(list.stdout).not.toContain('greets');
  });

  it('validate: an agent node key no check reads is a warning', async () => {
    const r = await parleyInProcess('validate', agent);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('agent.nodes[0].transitons');
    expect(r.stdout).toContain('did you mean transitions?');
  });

  it('personas import: a persona key no check reads is a warning, the persona is stored', async () => {
    const persona = write('carla.json', { name: 'Carla', goal: 'pay a bill', personalty: { temperament: 'calm' } });
    const r = await parleyInProcess('personas', 'import', persona, '--db', db);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Imported persona Carla');
    expect(r.stderr).toMatch(
      /warning: .*carla\.json: personalty: unknown key "personalty" \(did you mean personality\?\)/,
    );
  });
});
