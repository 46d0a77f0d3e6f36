/**
 * `parley fix` on the bundled example, as docs/fix.md tells a new user to run it: `parley init`, `parley run`,
 * `parley fix RUN` in an empty folder, the example's scripted model for every role (issue 38, walk item 1). The
 * example's script diagnoses the no-slots node, proposes the sentence it lacks, and its judge scores the edited
 * reply: the fix reaches its target, exits 0 and keeps the new version; the note says it is the example's demo.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { EXAMPLE_SCRIPT_FIX_NOTE } from '../../../src-shared/text/scripted-fix-note.js';
import { BIN, collect } from '../safety/support.js';

let dir: string;
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-example-fix-')));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const db = () => path.join(dir, 'p.db');
const bin = (args: string[]) =>
  collect(spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }));
const cli = (...args: string[]) => bin([...args, '--db', db()]);

describe('parley fix on the bundled example', () => {
  it('reaches its target: the proposed edit changes the reply, the failing test passes, v2 is kept', async () => {
    expect((await bin(['init'])).code).toBe(0);
    const run = await cli('run', '--json');
    expect(run.code).toBe(1); // one test fails: the one the fix is for
    const report = JSON.parse(run.stdout);
    expect(report.pass_rate).toMatchObject({ k: 4, n: 5 });

    const fix = await cli('fix', report.run_id, '--max-iterations', '2');
    expect(fix.stderr).toContain(`note: ${EXAMPLE_SCRIPT_FIX_NOTE}`);
    expect(fix.stderr).not.toContain('an edited prompt changes nothing');
    expect(fix.stdout).toContain('~ the instruction of node "no_slots"');
    expect(fix.stdout).toContain(
      "+ I'm sorry, there are no free slots this week. I'll put you through to the front desk now",
    );
    expect(fix.stdout).toMatch(
      /"No free slots: transfers to the front desk": 0% \(0-49%, n=4\) -> 100% \(44-100%, n=3\), p=0\.029: improved, all passed/,
    );
    expect(fix.stdout).toContain('suite check: 3 tests, no regressions');
    expect(fix.stdout).toMatch(/Final version: av_\w+ \(v2\), kept as the agent's latest/);
    expect(fix.stdout).toContain('target reached');
    expect(fix.code).toBe(0);

    // the kept version is the agent's latest: the stored agent now passes the whole suite
    const store = openStore(db());
    const agent = store.agents.list().find((a) => a.name === 'Maple Street Clinic (example)')!;
    const summary = store.agents.summary(agent.id);
    store.close();
    expect(summary).toMatchObject({ version: 2 });
    const again = await cli('run', '--agent', agent.id, '--json');
    expect(JSON.parse(again.stdout).pass_rate).toMatchObject({ k: 5, n: 5 });
    expect(again.code).toBe(0);
  }, 120_000);

  it('names the example script one way in every message: scripted:scripted-model.json (walk item 10)', async () => {
    const list = await cli('runs', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('scripted:scripted-model.json');
    expect(list.stdout).not.toContain('resources/example/scripted-model.json');
    expect(list.stdout).not.toContain('Parley example script');
    const run = await cli('run', '--test', 'Cancels an appointment');
    expect(run.stdout).toContain('models  scripted:scripted-model.json (agent, caller and judge)');
    expect(run.stdout).not.toContain('Parley example script');
  }, 120_000);
});
