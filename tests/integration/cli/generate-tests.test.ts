/**
 * `parley generate tests AGENT --uncovered --suite S`, the routing check's "no usable line" warning and
 * its progress counting the model calls its summary reports, end to end: the real CLI, the scripted model, --db on a temp file (human output and --json).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSuite, coverScript } from '../../support/cover-gaps-script.js';

const root = path.resolve(import.meta.dirname, '../../..');
const clinic = path.join(root, 'tests/fixtures/analysis/clinic-repeats.json');
let dir: string;
let db: string;
let script: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-generate-cli-'));
  db = path.join(dir, 'p.db');
  script = path.join(dir, 'cover.json');
  // the cancel -> bye gap gets an unusable answer: reported, the other gap kept
  fs.writeFileSync(script, JSON.stringify(coverScript({ name: 'x', goal: '' })));
  fs.writeFileSync(path.join(dir, 'suite.json'), JSON.stringify(bookingSuite));
  expect(parley('import', clinic).code).toBe(0);
  expect(parley('import', path.join(dir, 'suite.json')).code).toBe(0);
  expect(
    parley('run', '--agent', 'Clinic', '--tests', 'Clinic suite', '--agent-model', `scripted:${script}`).code,
  ).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley generate tests --uncovered', () => {
  it('prints the proposals for review and saves nothing without --save', () => {
    const r = parley('generate', 'tests', 'Clinic', '--uncovered', '--suite', 'Clinic suite');
    expect(r.stderr).not.toContain('parley:');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Clinic v1, suite "Clinic suite" (1 run(s)): 2 of 4 edges (50%)');
    expect(r.stdout).toContain('[greet::to_cancel] cover greet -> cancel');
    expect(r.stdout).toContain('caller: Cora; goal: CANCEL-GOAL: cancel my visit on Friday');
    expect(r.stdout).toContain(
      '[cancel::cancel_done] NO PROPOSAL: the model wrote no goal for the caller (answer field "goal" is empty)',
    );
    expect(r.stdout).toContain('nothing saved: review the proposals above');
  });

  it('--save --run adds the kept proposal, runs it and prints the coverage before and after (--json)', () => {
    const r = parley(
      'generate',
      'tests',
      'Clinic',
      '--uncovered',
      '--suite',
      'Clinic suite',
      '--save',
      '--run',
      '--json',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.saved.added).toEqual(['cover greet -> cancel']);
    expect(out.failures.map((f: { gap: { key: string } }) => f.gap.key)).toEqual(['cancel::cancel_done']);
    expect(out.coverage.uncovered_edges.map((e: { key: string }) => e.key)).toEqual([
      'greet::to_cancel',
      'cancel::cancel_done',
    ]);
    expect(out.coverage_after.uncovered_edges).toEqual([]);
  });

  it('refuses bad input with a readable message and writes nothing', () => {
    const unknown = parley('generate', 'tests', 'Clinic', '--uncovered', '--suite', 'Nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--suite: suite "Nope" not found: no stored suite has this id or name');
    const none = parley('generate', 'tests', 'Clinic', '--uncovered', '--suite', 'Clinic suite', '--save');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain(
      'nothing to cover: the 2 conversation(s) of suite "Clinic suite" reached every edge and global node of Clinic v1',
    );
    expect(parley('generate', 'tests', 'Clinic', '--suite', 'Clinic suite').stderr).toContain('needs --uncovered');
  });
});

describe('parley analyze routing: a condition with no usable line', () => {
  it('warns in the human output and lists it in --json', () => {
    const routing = path.join(dir, 'routing.json');
    fs.writeFileSync(
      routing,
      JSON.stringify({
        name: 'no-lines',
        chat: ['Hello, Maple Clinic.'],
        rules: [
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to book' },
            reply: { utterances: ['I want to book'] },
          },
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to cancel' },
            reply: { utterances: ['  ', ''] },
          },
        ],
        defaults: { route: 'none' },
      }),
    );
    const args = ['analyze', 'routing', 'Clinic', '--model', `scripted:${routing}`, '--node', 'greet', '--none', '0'];
    const human = parley(...args, '--per-condition', '2');
    expect(human.code).toBe(0);
    // names first (these nodes have none: their ids), ids of the conditions in parentheses, no "line(s)"
    expect(human.stdout).toContain(
      'WARNING: the model wrote no usable caller line for the way to cancel (to_cancel): not tested',
    );
    expect(human.stdout).toMatch(/\ngreet: \d+ of \d+ lines? routed as meant/);
    expect(human.stdout).toContain('→ book');
    expect(human.stdout).not.toContain('(s)');
    expect(human.stdout).not.toMatch(/never chosen: .*to_cancel/);
    const json = JSON.parse(parley(...args, '--json').stdout);
    expect(json.report.points[0].no_lines).toEqual(['to_cancel']);
  });
});

describe('parley analyze routing: progress and summary count the same model calls', () => {
  it('a static line at the decision point is no model call in either', () => {
    // greet says its line as written: only the caller lines and the router's decisions are model calls
    const g = JSON.parse(fs.readFileSync(clinic, 'utf8'));
    g.name = 'Clinic static';
    g.nodes.find((n: { id: string }) => n.id === 'greet').instruction.mode = 'static';
    fs.writeFileSync(path.join(dir, 'static.json'), JSON.stringify(g));
    expect(parley('import', path.join(dir, 'static.json')).code).toBe(0);
    const routing = path.join(dir, 'routing-static.json');
    fs.writeFileSync(
      routing,
      JSON.stringify({
        name: 'two-lines-each',
        utterances: [{ utterances: ['I want to book', 'Please cancel my visit'] }],
        defaults: { route: 'none' },
      }),
    );
    const args = ['analyze', 'routing', 'Clinic static', '--model', `scripted:${routing}`, '--node', 'greet'];
    const r = parley(...args, '--none', '0', '--per-condition', '2');
    expect(r.code).toBe(0);
    // 2 conditions: 2 generations, then 2 lines each routed: 6 calls, and no call for greet's own line
    expect(r.stdout).toContain('1 decision point, 6 model calls');
    const progress = [...r.stderr.matchAll(/routing analysis: (\d+)\/(\d+) model calls/g)];
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0].slice(1)).toEqual(['0', '6']);
    expect(progress.at(-1)!.slice(1)).toEqual(['6', '6']);
    const json = JSON.parse(parley(...args, '--none', '0', '--per-condition', '2', '--json').stdout);
    expect(json.report.calls).toBe(6);
  });
});
