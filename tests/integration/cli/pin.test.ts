/**
 * `parley pin` (issue 34) end to end, the CLI in process on a temp SQLite file and the example's scripted model:
 * a turn of a passing conversation pins to a checkpoint test that passes again; a turn of the failing one to a
 * test that fails again (its failed metric comes along); bad requests are refused with the flag, changing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { TestSuite } from '../../../src-shared/schemas/index.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
const model = `scripted:${ex('scripted-model.json')}`;
let dir: string;
let db: string;
let report: RunReport;

const run = async (tests: string) => {
  const out = await parleyInProcess(
    'run',
    '--agent',
    ex('agent.json'),
    '--tests',
    tests,
    '--agent-model',
    model,
    '--json',
    '--db',
    db,
  );
  return { code: out.code, report: JSON.parse(out.stdout) as RunReport };
};
const turnOf = (test: string, text: string) => {
  const r = report.results.find((x) => x.test === test)!;
  return { result: r.id, turn: r.transcript.findIndex((t) => t.role === 'agent' && t.content.includes(text)) + 1 };
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-pin-'));
  db = path.join(dir, 'p.db');
  report = (await run(ex('suite.json'))).report;
}, 60_000);

describe('parley pin', () => {
  it('pins a passing turn to a checkpoint test that passes again on the same model', async () => {
    const { result, turn } = turnOf('Books the first free slot', 'Shall I book it');
    const file = path.join(dir, 'pinned-pass.json');
    const out = await parleyInProcess(
      'pin',
      report.run_id,
      '--result',
      result,
      '--turn',
      String(turn),
      '-o',
      file,
      '--db',
      db,
    );
    expect(out.stderr).not.toMatch(/parley:/);
    expect(out.stdout).toContain(`wrote checkpoint test "Books the first free slot: turn ${turn}" to new file`);
    const test = TestSuite.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).tests[0];
    expect(test.checkpoint).toMatchObject({
      start_node: 'greeting',
      expect: {
        next_node: 'offer_slot',
        tool_call: { name: 'find_slots', arguments: { patient_name: 'John Smith', date_of_birth: 'January 15, 1985' } },
        includes: ['agent:Tuesday'],
      },
      reference: expect.stringContaining('I have Tuesday at 10:00 free'),
      pinned_from: { run: report.run_id, result, turn },
    });
    expect(test.checkpoint!.transcript.map((m) => m.role)).toEqual(['agent', 'caller']);
    const again = await run(file);
    expect(again.code).toBe(0);
    expect(again.report.results.map((r) => r.status)).toEqual(['pass']);
  });

  it('pins a turn of the failing conversation to a test that fails again, for the same reason', async () => {
    const { result, turn } = turnOf('No free slots: transfers to the front desk', 'no free slots');
    const out = await parleyInProcess('pin', report.run_id, '--result', result, '--turn', String(turn), '--db', db);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('note: metrics that cite no turn are about the whole call');
    const file = path.join(dir, 'pinned-fail.json');
    fs.writeFileSync(file, JSON.stringify({ tests: [JSON.parse(out.stdout)] }));
    const again = await run(file);
    expect(again.code).toBe(1);
    const [r] = again.report.results;
    expect(r.status).toBe('fail');
    expect(r.metrics.map((m) => [m.criterion, m.passed])).toEqual([
      ['The agent apologised that no slot was free and explained what happens next.', false],
    ]);
    expect(r.assertions.every((a) => a.passed)).toBe(true); // the route and the tool call are as they were
  });

  it('adds to a stored suite, and refuses a caller turn, a missing result and both outputs, writing nothing', async () => {
    const { result, turn } = turnOf('Cancels an appointment', 'Shall I cancel');
    expect((await parleyInProcess('import', ex('suite.json'), '--db', db)).code).toBe(0);
    const added = await parleyInProcess(
      'pin',
      report.run_id,
      '--result',
      result,
      '--turn',
      String(turn),
      '--suite',
      'Maple Street Clinic (example suite)',
      '--db',
      db,
    );
    expect(added.stdout).toMatch(/added checkpoint test "Cancels an appointment: turn \d+" to suite su_/);
    const caller = await parleyInProcess('pin', report.run_id, '--result', result, '--turn', '2', '--db', db);
    expect(caller.code).toBe(2);
    expect(caller.stderr).toMatch(/--turn: turn 2 of result res_\w+ is not an agent turn \(agent turns: 1, /);
    const missing = await parleyInProcess('pin', report.run_id, '--result', 'res_nope', '--turn', '1', '--db', db);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('result "res_nope" of run');
    const file = path.join(dir, 'never.json');
    const both = await parleyInProcess(
      'pin',
      report.run_id,
      '--result',
      result,
      '--turn',
      '1',
      '-o',
      file,
      '--suite',
      'x',
      '--db',
      db,
    );
    expect(both.stderr).toContain('give -o FILE or --suite NAME, not both');
    expect(fs.existsSync(file)).toBe(false);
  });
});
