/** `parley run` end to end: spawns the real CLI on the scripted model with --db on a temp file. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { withoutLatency } from '../../support/without-latency.js';

const root = path.resolve(__dirname, '../../..');
const fx = (f: string) => path.join(root, 'tests/fixtures/engine', f);
let dir: string;
let db: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), 'run', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const base = () => [
  '--agent',
  fx('orders-agent.json'),
  '--tests',
  fx('orders-suite.json'),
  '--agent-model',
  `scripted:${fx('orders-model.json')}`,
  '--db',
  db,
];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  db = path.join(dir, 'cli.db');
});

describe('parley run (CLI)', () => {
  let first: RunReport & { tests: { test: string; ok: boolean }[] };

  it('runs the suite, prints the report as JSON, writes JUnit, exits 1 when a test fails', () => {
    const junit = path.join(dir, 'report.xml');
    const r = parley(...base(), '--json', '--junit', junit);
    expect(r.code).toBe(1);
    first = JSON.parse(r.stdout);
    expect(first).toMatchObject({
      status: 'completed',
      passed: 1,
      failed: 1,
      errored: 0,
      suite: 'Order desk regression',
      agent: { name: 'Order desk' },
    });
    expect(first.models.agent).toMatchObject({ provider: 'scripted', name: 'orders-scripted' });
    expect((first.models.agent as { digest: string }).digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const shipped = first.results.find((x) => x.test === 'shipped order')!;
    expect(shipped).toMatchObject({
      status: 'pass',
      end_reason: 'end_node',
      turns: 1,
      nodes_visited: ['greet', 'extract', 'lookup', 'tell-shipped', 'bye'],
    });
    expect(shipped.tools_called).toEqual([
      { name: 'lookup_order', args: { order_id: 'A17' }, result: { status: 'shipped' }, node: 'lookup', mocked: true },
    ]);
    expect(withoutLatency(shipped.transcript)[0]).toEqual({
      role: 'agent',
      content: 'Hello Dana, this is Acme. What is your order number?',
      node: 'greet',
    });
    expect(shipped.metrics.map((m) => [m.criterion, m.score, m.threshold, m.passed])).toEqual([
      ['The agent tells the caller the order status', 0.9, 0.7, true],
      ['The agent never reads out a full card number', 1, 0.8, true],
    ]);
    expect(shipped.assertions.every((a) => a.passed)).toBe(true);
    expect(first.results.find((x) => x.test === 'pending order')!.rules[0]).toMatchObject({
      kind: 'includes',
      passed: false,
    });
    expect(first.tests.map((t) => [t.test, t.ok])).toEqual([
      ['shipped order', true],
      ['pending order', false],
    ]);
    expect(r.stderr).toMatch(/agent Order desk: imported .*orders-agent\.json as ag_/);
    expect(r.stderr).toMatch(/^PASS  shipped order .*\[\d\/2\]$/m);
    expect(r.stderr).toContain(`Wrote the JUnit XML report (2 results) to ${junit}`);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="Order desk regression"');
    expect(xml).toContain('tests="2" failures="1" errors="0"');
    expect(xml).toMatch(
      /<testcase name="pending order" classname="Order desk.Order desk regression" time="[\d.]+">\s*<failure message="rule includes &quot;agent: has shipped&quot; failed/,
    );
    expect(xml).not.toContain(dir);
  });

  it('--test selects tests and exits 0 when all pass; the same agent file is reused as the same agent', () => {
    const r = parley(...base(), '--test', 'shipped order', '--json');
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as RunReport;
    expect(rep.results.map((x) => x.test)).toEqual(['shipped order']);
    expect(rep.agent.id).toBe(first.agent.id);
    expect(rep.agent.version_id).toBe(first.agent.version_id);
    expect(r.stderr).toMatch(/unchanged, version v1/);
  });

  it('--resume of a finished run runs nothing new and reports the stored results', () => {
    const r = parley('--resume', first.run_id, '--json', '--db', db);
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout) as RunReport;
    expect(rep.run_id).toBe(first.run_id);
    expect(rep.results.map((x) => x.id)).toEqual(first.results.map((x) => x.id));
  });

  it('repeated --agent-model runs a model matrix (shared caller and judge) and prints each report and the comparison; text output without --json', () => {
    const other = path.join(dir, 'other.json');
    fs.writeFileSync(
      other,
      JSON.stringify({ name: 'other-scripted', route: ['none'], chat: ['The order has shipped.'] }),
    );
    const r = parley(...base(), '--agent-model', `scripted:${other}`, '--test', 'pending order', '--json');
    const out = JSON.parse(r.stdout) as {
      runs: RunReport[];
      comparison: { runs: unknown[]; tests: { test: string; cells: { status: string }[] }[] };
    };
    const reps = out.runs;
    expect(reps.map((x) => (x.models.agent as { name: string }).name)).toEqual(['orders-scripted', 'other-scripted']);
    expect(reps.map((x) => (x.models.caller as { name: string }).name)).toEqual(['orders-scripted', 'orders-scripted']);
    expect(out.comparison.runs).toHaveLength(2);
    expect(out.comparison.tests.find((t) => t.test === 'pending order')!.cells.map((c) => c.status)).toEqual([
      'fail',
      'pass',
    ]);
    expect(reps.map((x) => x.results[0].status)).toEqual(['fail', 'pass']);
    expect(r.code).toBe(1);
    const text = parley(...base(), '--test', 'pending order');
    expect(text.stdout).toMatch(/TEST\s+REPEAT\s+STATUS\s+END\s+TURNS\s+MS/);
    expect(text.stdout).toContain(
      'pending order:\n  - rule includes "agent: has shipped" failed: "has shipped" does not appear in the agent\'s turns',
    );
    expect(text.stdout).toMatch(/passed 0 {2}failed 1 {2}errored 0/);
  });

  it('--test-model-precedence: a test naming its own agent model (llm_model) runs on it - here the tiny GGUF in process; without the flag a note says it is unused', async () => {
    const gguf = await ensureTinyGguf();
    const suite = JSON.parse(fs.readFileSync(fx('orders-suite.json'), 'utf8'));
    suite.tests[1].llm_model = `llama-cpp:${gguf}`;
    const file = path.join(dir, 'own-model-suite.json');
    fs.writeFileSync(file, JSON.stringify(suite));
    const args = [
      '--agent',
      fx('orders-agent.json'),
      '--tests',
      file,
      '--agent-model',
      `scripted:${fx('orders-model.json')}`,
      '--db',
      db,
      '--json',
    ];
    // the tiny GGUF is not in the folder of the run's own model: the user consents to the file
    const on = parley(...args, '--test-model-precedence', '--allow-test-endpoints');
    expect(on.stderr).not.toMatch(/note:/);
    const rep = JSON.parse(on.stdout) as RunReport;
    const [shipped, pending] = rep.results;
    expect(shipped.agent_model).toBeUndefined();
    expect(pending.agent_model).toMatchObject({
      provider: 'llama-cpp',
      name: path.basename(gguf),
      digest: expect.stringMatching(/^sha256:/),
    });
    expect(pending.tokens.completion).toBeGreaterThan(0); // the tiny model generated the agent's replies
    const off = parley(...args);
    expect(off.stderr).toContain(
      `note: 1 test names an agent model (llm_model: llama-cpp:${gguf}); it is used only with --test-model-precedence`,
    );
    expect((JSON.parse(off.stdout) as RunReport).results.every((x) => x.agent_model === undefined)).toBe(true);
  });

  it('--fail-on-severity groups the failures into problems with the judge model, stores and prints them', () => {
    const model = JSON.parse(fs.readFileSync(fx('orders-model.json'), 'utf8'));
    model.failure_groups = [
      {
        problems: [
          {
            label: 'Says pending orders shipped',
            description: 'The agent misreports the order status.',
            severity: 'high',
            failure_ids: [0],
          },
        ],
      },
    ];
    const file = path.join(dir, 'grouping-model.json');
    fs.writeFileSync(file, JSON.stringify(model));
    const args = [
      '--agent',
      fx('orders-agent.json'),
      '--tests',
      fx('orders-suite.json'),
      '--agent-model',
      `scripted:${file}`,
      '--db',
      db,
      '--test',
      'pending order',
    ];
    const r = parley(...args, '--fail-on-severity', 'high', '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/grouping 1 failed conversation\(s\) into problems with scripted:grouping-model\.json/);
    const rep = JSON.parse(r.stdout) as RunReport;
    expect(rep.problems).toMatchObject({
      judge: 'scripted:grouping-model.json',
      total_failures: 1,
      groups: [{ label: 'Says pending orders shipped', severity: 'high', occurrences: 1 }],
    });
    const shown = spawnSync(
      process.execPath,
      [path.join(root, 'bin/parley.mjs'), 'runs', 'show', rep.run_id, '--json', '--db', db],
      { cwd: root, encoding: 'utf8' },
    );
    expect(JSON.parse(shown.stdout).problems.groups[0].label).toBe('Says pending orders shipped');
    const text = parley(...args, '--group-failures');
    expect(text.stdout).toContain(
      'PROBLEMS (grouped by scripted:grouping-model.json)\n  [high] Says pending orders shipped (1x): The agent misreports the order status.',
    );
    const scored = parley(...args, '--turn-quality');
    expect(scored.stdout).toMatch(/turn quality \(mean of \d+ agent turns\): helpfulness \d\.\d\d {2}coherence/);
    const bad = parley(...args, '--fail-on-severity', 'urgent');
    expect([bad.code, bad.stderr.trim()]).toEqual([
      2,
      expect.stringContaining('--fail-on-severity: expected one of low, medium, high, critical, got "urgent"'),
    ]);
  });

  it('personas import/list, and --persona runs every test once with each persona (persona x scenario)', () => {
    const md = path.join(dir, 'Impatient Ivan.md');
    fs.writeFileSync(md, '## Identity\nYour name is Ivan.\n\n## Personality\nYou are impatient.');
    const js = path.join(dir, 'carla.json');
    fs.writeFileSync(
      js,
      JSON.stringify({ name: 'Calm Carla', identity: { name: 'Carla' }, personality: { temperament: 'calm' } }),
    );
    const cli = (...a: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...a, '--db', db], {
        cwd: root,
        encoding: 'utf8',
      });
    const imp = cli('personas', 'import', md, js);
    expect(imp.stdout).toMatch(/Imported persona Impatient Ivan \(pe_.*\)\nImported persona Calm Carla/);
    expect(cli('personas', 'list').stdout).toMatch(/Impatient Ivan[\s\S]*Calm Carla|Calm Carla[\s\S]*Impatient Ivan/);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ identity: { name: 'X' } }));
    const refused = cli('personas', 'import', js, bad);
    // a wrong file is an error in the input: exit 1, as for parley import
    expect([refused.status, refused.stderr]).toEqual([
      1,
      expect.stringMatching(/bad\.json: name: .*expected a persona/),
    ]);
    const r = parley(...base(), '--persona', 'Impatient Ivan', '--persona', 'Calm Carla', '--json');
    const rep = JSON.parse(r.stdout) as RunReport;
    // "shipped order" and "pending order" say fixed lines (caller_script): a persona changes nothing, they run once
    expect(rep.results.map((x) => x.test)).toEqual(['shipped order', 'pending order']);
    const suite = JSON.parse(fs.readFileSync(fx('orders-suite.json'), 'utf8'));
    for (const t of suite.tests) delete t.caller_script;
    const file = path.join(dir, 'simulated-suite.json');
    fs.writeFileSync(file, JSON.stringify(suite));
    const m = parley(
      '--agent',
      fx('orders-agent.json'),
      '--tests',
      file,
      '--agent-model',
      `scripted:${fx('orders-model.json')}`,
      '--db',
      db,
      '--persona',
      'Impatient Ivan',
      '--persona',
      'Calm Carla',
      '--json',
    );
    expect((JSON.parse(m.stdout) as RunReport).results.map((x) => x.test)).toEqual([
      'shipped order · Impatient Ivan',
      'shipped order · Calm Carla',
      'pending order · Impatient Ivan',
      'pending order · Calm Carla',
    ]);
    const ghost = parley(...base(), '--persona', 'Ghost');
    expect([ghost.code, ghost.stderr]).toEqual([
      2,
      expect.stringContaining('--persona: persona "Ghost" is not in the persona library'),
    ]);
  });

  it('usage and setup errors exit 2 with a one-line reason', () => {
    const cases: [string[], RegExp][] = [
      [
        ['--agent', fx('orders-agent.json'), '--tests', fx('orders-suite.json'), '--db', db],
        /needs --agent <agent>, --tests <file\|suite> and --agent-model SPEC/,
      ],
      [
        [...base().slice(0, 4), '--agent-model', 'nope:x', '--db', db],
        /--agent-model: model spec "nope:x": unknown provider "nope"/,
      ],
      [
        [...base().slice(0, 4), '--agent-model', `scripted:${path.join(dir, 'missing.json')}`, '--db', db],
        /the run was not started: a model cannot work:\n.*scripted model file .*missing\.json: not found/,
      ],
      [[...base(), '--test', 'no such test'], /--test: no test named "no such test" in suite "Order desk regression"/],
      [[...base(), '--concurrency', '0'], /--concurrency: expected a positive whole number, got "0"/],
      [[...base(), '--judge-reasoning', 'long'], /--judge-reasoning: expected short or full, got "long"/],
      [
        [
          '--agent',
          fx('orders-agent.json'),
          '--tests',
          path.join(dir, 'nope.json'),
          '--agent-model',
          'scripted:x',
          '--db',
          db,
        ],
        /--tests: suite ".*nope\.json" not found: no stored suite has this id or name, and no file has this path/,
      ],
    ];
    for (const [args, msg] of cases) {
      const r = parley(...args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(msg);
    }
  });
});
