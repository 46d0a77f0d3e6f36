import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { seedDiffDb, type Seeded } from './seed-db.js';

const root = path.resolve(__dirname, '../../..');
const fixtures = path.join(root, 'tests/fixtures/calls');
let dir: string;
let db: string;
let ids: Seeded;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
/** Replaces the random ids so output can be snapshotted. */
function norm(s: string): string {
  return s
    .replaceAll(ids.runA, '<RUN_A>')
    .replaceAll(ids.runB, '<RUN_B>')
    .replaceAll(ids.runC, '<RUN_C>')
    .replace(/\b(ag|av|res|run)_[0-9a-z]{17}\b/g, '<$1>');
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  db = path.join(dir, 'parley.db');
  ids = seedDiffDb(db);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley diff', () => {
  it('text: summary, regressions, improvements, divergences, agent changes', () => {
    const r = parley('diff', ids.runA, ids.runB);
    expect(r.code).toBe(0);
    expect(norm(r.out)).toMatchInlineSnapshot(`
      "A  <RUN_A>  ollama:llama3.2:3b Q4_K_M  (simulated, agent Dental v1, suite smoke)
         agent ollama:llama3.2:3b Q4_K_M · caller ollama:llama3.2:3b Q4_K_M (same as agent) · judge ollama:llama3.2:3b Q4_K_M (same as agent)
      B  <RUN_B>  ollama:qwen2.5:7b Q4_K_M  (simulated, agent Dental v2, suite smoke)
         agent ollama:qwen2.5:7b Q4_K_M · caller ollama:qwen2.5:7b Q4_K_M (same as agent) · judge ollama:qwen2.5:7b Q4_K_M (same as agent)
      A and B differ in: agent, caller and judge model ollama:llama3.2:3b Q4_K_M -> ollama:qwen2.5:7b Q4_K_M; agent version v1 -> v2
      NOTE judge changed: scores not comparable (judge model ollama:llama3.2:3b Q4_K_M -> ollama:qwen2.5:7b Q4_K_M)
      NOTE judge changed: passes rest on the judge's verdicts, so the pass rate change and the regressed or improved tests may be the judge's, not the agent's
      NOTE caller changed: turns and caller fidelity not comparable (caller model ollama:llama3.2:3b Q4_K_M -> ollama:qwen2.5:7b Q4_K_M)
      A: NOT CHECKED ollama:llama3.2:3b was never checked for fitness as agent, caller and judge: nothing says its results can be trusted; check it: parley models check ollama:llama3.2:3b
      B: NOT CHECKED ollama:qwen2.5:7b was never checked for fitness as agent, caller and judge: nothing says its results can be trusted; check it: parley models check ollama:qwen2.5:7b

                                                A                  B                                 delta
      pass rate (95% interval)  93.8% (72 to 99%)  25.0% (10 to 49%)            -68.8 pts (-84 to -36 pts)
      mean score                             0.91               0.48  judge changed: scores not comparable
        Greets warmly                        0.90               0.80  judge changed: scores not comparable
        Books the appointment                0.92               0.15  judge changed: scores not comparable
      tokens                                 4081               4298                                  +217
      wall time                             42.0s              65.5s                                +23.5s
      mean turns                              2.0                2.0        caller changed: not comparable
      conversations                            16                 16
      pass rate difference: a 69-point difference, clear at this sample size (16 vs 16)

      2 regressed, 1 noise, 1 new, 1 removed, 1 unchanged

      REGRESSIONS
        books a cleaning  pass -> fail
          metric "Books the appointment" 0.92 -> 0.15 (judge changed: scores not comparable): Never offered a slot; talked about billing.
          rule includes "Tuesday" broken: transcript does not contain "Tuesday"
          ended: the agent ended the call -> the turn limit was reached
          "Books the appointment" points at node billing (turn 3, 5)
        reads back the date  pass 100.0% of 8 -> fail 12.5% of 8, p=0.0014

      NOISE (status flipped, not significant)
        handles a refund  pass 80.0% of 5 -> fail 40.0% of 5, p=0.5238

      NEW: spells the name
      REMOVED: legacy check

      DIVERGENCES (first turn where the node paths differ)
        books a cleaning: turn 3 after greet: A -> book (e_book: caller asks to book a cleaning), B -> billing (e_billing: cleaning sounded like a billing question)

      AGENT CHANGES (v1 -> v2)
        edge greet -> book condition: prompt "Caller wants to book" -> prompt "Caller wants to book or move an appointment"
        node book instruction changed: "Offer Tuesday at 3 PM." -> "Offer the first free slot and confirm the day twice."
      "
    `);
  });

  it('--fail-on-regression exits 1 when a test regressed, 0 when none did', () => {
    expect(parley('diff', ids.runA, ids.runB, '--fail-on-regression').code).toBe(1);
    const r = parley('diff', ids.runA, ids.runC, '--fail-on-regression');
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 new, 1 removed, 3 unchanged');
  });

  it('--json has the documented shape', () => {
    const r = parley('diff', ids.runA, ids.runB, '--json');
    expect(r.code).toBe(0);
    const d = JSON.parse(r.out);
    expect(Object.keys(d)).toEqual([
      'a',
      'b',
      'config_differences',
      'differ_line',
      'comparability',
      'summary',
      'graph_changes',
      'tests',
    ]);
    // the caller and judge followed the agent model: they changed with it, and the scores are the new judge's
    expect(d.differ_line).toBe(
      'A and B differ in: agent, caller and judge model ollama:llama3.2:3b Q4_K_M -> ollama:qwen2.5:7b Q4_K_M; agent version v1 -> v2',
    );
    expect(d.comparability).toMatchObject({ judge_changed: true, scores_comparable: false });
    expect([d.summary.delta.mean_score, d.summary.delta.mean_scores['Books the appointment']]).toEqual([null, null]);
    expect(d.b.config.caller).toMatchObject({ inherited: true, label: 'ollama:qwen2.5:7b Q4_K_M' });
    expect(d.b.fitness.map((f: { role: string; state: string }) => [f.role, f.state])).toEqual([
      ['agent', 'unchecked'],
      ['caller', 'unchecked'],
      ['judge', 'unchecked'],
    ]);
    expect([d.a.id, d.b.id, d.a.agent_version, d.b.agent_version]).toEqual([ids.runA, ids.runB, 1, 2]);
    const t = d.tests[0];
    expect(t).toMatchObject({
      test: 'books a cleaning',
      status_a: 'pass',
      status_b: 'fail',
      change: 'regressed',
      significant: null,
      p: null,
    });
    expect(t.first_divergence).toMatchObject({
      turn: 2,
      node_a: 'book',
      node_b: 'billing',
      reason_a: 'caller asks to book a cleaning',
      reason_b: 'cleaning sounded like a billing question',
    });
    expect(t.metric_deltas[0]).toMatchObject({
      criterion: 'Books the appointment',
      score_a: 0.92,
      score_b: 0.15,
      delta: null,
      reasoning_a: 'Booked Tuesday 3 PM.',
    });
    expect(t.transcript_diff.map((e: { op: string }) => e.op)).toEqual([
      'same',
      'same',
      'changed',
      'changed',
      'changed',
    ]);
    const refund = d.tests.find((x: { test: string }) => x.test === 'handles a refund');
    expect(refund).toMatchObject({ change: 'noise', significant: false, pass_rate_a: 0.8, pass_rate_b: 0.4 });
    expect(refund.p).toBeCloseTo(0.5238, 4);
    expect(d.summary.regressions).toEqual(['books a cleaning', 'reads back the date']);
    expect(d.graph_changes.map((c: { text: string }) => c.text)).toHaveLength(2);
  });

  it('an unknown run is a one-line error with exit 1', () => {
    const r = parley('diff', 'run_nope', ids.runB);
    expect(r.code).toBe(1);
    expect(r.err).toBe('parley: run "run_nope" not found (parley runs list shows them)\n');
    expect(parley('diff', ids.runA, ids.runB, '--alpha', '2').err).toContain(
      '--alpha: expected a number between 0 and 1, got "2"',
    );
  });
});

describe('parley compare', () => {
  it('text matrix of three runs', () => {
    const r = parley('compare', ids.runA, ids.runB, ids.runC);
    expect(r.code).toBe(0);
    expect(norm(r.out)).toMatchInlineSnapshot(`
      "RUNS
        #  RUN                    MODEL                      AGENT      PASS (95% INTERVAL)  SCORE  TOKENS  WALL
        1  <RUN_A>  ollama:llama3.2:3b Q4_K_M  Dental v1  94% (72%-99%, n=16)  0.91   4081    42.0 s
        2  <RUN_B>  ollama:qwen2.5:7b Q4_K_M   Dental v2  25% (10%-49%, n=16)  0.48   4298    1 min 6 s
        3  <RUN_C>  ollama:llama3.2:3b Q8_0    Dental v2  94% (72%-99%, n=16)  0.89   4081    50.0 s

      CONFIGURATION
        1  agent ollama:llama3.2:3b Q4_K_M · caller ollama:llama3.2:3b Q4_K_M (same as agent) · judge ollama:llama3.2:3b Q4_K_M (same as agent)
        2  agent ollama:qwen2.5:7b Q4_K_M · caller ollama:qwen2.5:7b Q4_K_M (same as agent) · judge ollama:qwen2.5:7b Q4_K_M (same as agent)
        3  agent ollama:llama3.2:3b Q8_0 · caller ollama:llama3.2:3b Q8_0 (same as agent) · judge ollama:llama3.2:3b Q8_0 (same as agent)

      THE RUNS DIFFER IN
        agent, caller and judge model: 1 ollama:llama3.2:3b Q4_K_M, 2 ollama:qwen2.5:7b Q4_K_M, 3 ollama:llama3.2:3b Q8_0
        agent version: 1 v1, 2 v2, 3 v2

      NOTE judge changed: scores not comparable (judge model ollama:llama3.2:3b Q4_K_M / ollama:qwen2.5:7b Q4_K_M / ollama:llama3.2:3b Q8_0)
      NOTE judge changed: passes rest on the judge's verdicts, so the pass rate change and the regressed or improved tests may be the judge's, not the agent's
      NOTE caller changed: turns and caller fidelity not comparable (caller model ollama:llama3.2:3b Q4_K_M / ollama:qwen2.5:7b Q4_K_M / ollama:llama3.2:3b Q8_0)

      1: NOT CHECKED ollama:llama3.2:3b was never checked for fitness as agent, caller and judge: nothing says its results can be trusted; check it: parley models check ollama:llama3.2:3b
      2: NOT CHECKED ollama:qwen2.5:7b was never checked for fitness as agent, caller and judge: nothing says its results can be trusted; check it: parley models check ollama:qwen2.5:7b
      3: NOT CHECKED ollama:llama3.2:3b was never checked for fitness as agent, caller and judge: nothing says its results can be trusted; check it: parley models check ollama:llama3.2:3b

      TESTS (status, pass rate/repeats, mean score; * = runs disagree)
           TEST                 1            2           3
           greets warmly        pass 0.90    pass 0.80   pass 0.85
        *  books a cleaning     pass 0.92    fail 0.15   pass 0.92
        *  handles a refund     pass 80%/5   fail 40%/5  pass 80%/5
        *  reads back the date  pass 100%/8  fail 13%/8  pass 100%/8
        *  legacy check         pass         -           -
        *  spells the name      -            fail        pass

      PASS RATE / MEAN SCORE PER RUN
        1 ollama:llama3.2:3b Q4_K_M  pass  ###################. 94%
                                     score ##################.. 0.91 (its own judge)
        2 ollama:qwen2.5:7b Q4_K_M   pass  #####............... 25%
                                     score ##########.......... 0.48 (its own judge)
        3 ollama:llama3.2:3b Q8_0    pass  ###################. 94%
                                     score ##################.. 0.89 (its own judge)
      "
    `);
  });

  it('--json rows, cells and chart', () => {
    const m = JSON.parse(parley('compare', ids.runA, ids.runB, ids.runC, '--json').out);
    expect(m.runs.map((c: { run: { model: string } }) => c.run.model)).toEqual([
      'ollama:llama3.2:3b Q4_K_M',
      'ollama:qwen2.5:7b Q4_K_M',
      'ollama:llama3.2:3b Q8_0',
    ]);
    expect(
      m.tests
        .find((r: { test: string }) => r.test === 'reads back the date')
        .cells.map((c: { pass_rate: number }) => c.pass_rate),
    ).toEqual([1, 0.125, 1]);
    expect(m.chart.map((c: { pass_rate: number }) => c.pass_rate)).toEqual([15 / 16, 4 / 16, 15 / 16]);
  });

  it('needs at least two runs', () => {
    expect(parley('compare', ids.runA).code).toBe(2);
  });
});

describe('parley runs export', () => {
  it('junit to a file and lossless JSON to stdout', () => {
    const out = path.join(dir, 'a.xml');
    const r = parley('runs', 'export', ids.runB, '--format', 'junit', '-o', out);
    expect(r.code).toBe(0);
    const xml = fs.readFileSync(out, 'utf8');
    expect(xml).toContain('<testsuites name="parley" tests="16" failures="12" errors="0" skipped="0"');
    expect(xml).toContain(
      '<failure message="metric &quot;Books the appointment&quot; scored 0.15 &lt; 0.70: Never offered a slot; talked about billing." type="parley">',
    );
    const j = JSON.parse(parley('runs', 'export', ids.runA).out);
    expect([j.schema, j.version, j.run.id, j.results.length, j.suite.min_pass_rate]).toEqual([
      'parley.run-export',
      1,
      ids.runA,
      16,
      0.6,
    ]);
    expect(j.results[1].nodes_visited[1]).toEqual({
      node: 'book',
      turn: 2,
      via: 'e_book',
      reason: 'caller asks to book a cleaning',
    });
    expect(parley('runs', 'export', ids.runA, '--format', 'csv').err).toContain(
      '--format: expected json or junit, got "csv"',
    );
  });
});

describe('parley import-calls', () => {
  const count = () => {
    const s = openStore(db);
    try {
      return [
        (s.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n,
        (s.db.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n,
      ];
    } finally {
      s.close();
    }
  };

  it('imports every shape as one imported run', () => {
    const before = count();
    const files = ['retell-flow-call.json', 'vapi-call.json', 'plain-transcript.json'].map((f) =>
      path.join(fixtures, f),
    );
    const r = parley('import-calls', 'Dental', ...files, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.kind, j.status, j.agent.version]).toEqual(['imported', 'completed', 2]);
    expect(
      j.calls.map((c: { format: string; turns: number; tools_called: number }) => [c.format, c.turns, c.tools_called]),
    ).toEqual([
      ['retell', 3, 2],
      ['vapi', 3, 2],
      ['plain', 2, 0],
    ]);
    expect(count()).toEqual([before[0] + 1, before[1] + 3]);
    const show = JSON.parse(parley('runs', 'show', j.run_id, '--json').out);
    expect(show.results.map((x: { status: string }) => x.status)).toEqual(['imported', 'imported', 'imported']);
  });

  it('a malformed file: error naming file and path, exit 1, nothing written', () => {
    const before = count();
    const bad = path.join(fixtures, 'malformed/vapi-unknown-role.json');
    const r = parley('import-calls', 'Dental', path.join(fixtures, 'retell-llm-call.json'), bad);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `parley: ${bad}: messages[1].role: expected one of system, bot, assistant, user, tool_calls, tool_call_result, tool (got "customer")\n`,
    );
    expect(count()).toEqual(before);
  });

  it('an unknown agent: exit 1, nothing written', () => {
    const before = count();
    const r = parley('import-calls', 'Nobody', path.join(fixtures, 'plain-transcript.json'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('agent "Nobody" not found');
    expect(count()).toEqual(before);
  });
});

describe('parley evaluate', () => {
  it('judges an imported run with a suite file and a scripted judge; exit 1 when a call fails', () => {
    const imported = JSON.parse(
      parley(
        'import-calls',
        'Dental',
        path.join(fixtures, 'retell-flow-call.json'),
        path.join(fixtures, 'plain-transcript.json'),
        '--json',
      ).out,
    ).run_id;
    const suiteFile = path.join(dir, 'review.suite.json');
    fs.writeFileSync(
      suiteFile,
      JSON.stringify({
        name: 'review',
        tests: [{ name: 'review', metrics: ['Confirms the booking'], includes: ['Tuesday'] }],
      }),
    );
    const judgeFile = path.join(dir, 'judge.json');
    fs.writeFileSync(
      judgeFile,
      JSON.stringify({
        name: 'judge',
        rules: [{ purpose: 'judge', when: { any: 'Bright Smile' }, reply: 0.95 }],
        defaults: { score: 0.2 },
      }),
    );
    const r = parley('evaluate', imported, '--tests', suiteFile, '--judge-model', `scripted:${judgeFile}`, '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect([j.kind, j.parent_run_id, j.passed, j.failed]).toEqual(['imported', imported, 1, 1]);
    expect(
      j.results.map((x: { status: string; metrics: { score: number }[] }) => [x.status, x.metrics[0].score]),
    ).toEqual([
      ['pass', 0.95],
      ['fail', 0.2],
    ]);
    expect(j.models.judge).toMatchObject({ provider: 'scripted', name: 'judge' });
    const text = parley('evaluate', imported, '--tests', suiteFile, '--judge-model', `scripted:${judgeFile}`);
    expect(text.out).toContain('passed 1  failed 1  errored 0');
    expect(text.err).toContain('[2/2]');
    const d = parley('diff', imported, j.run_id, '--json');
    expect({ code: d.code, err: d.err }).toEqual({ code: 0, err: '' });
    expect(
      JSON.parse(d.out).tests.map((t: { status_a: string; status_b: string }) => [t.status_a, t.status_b]),
    ).toEqual([
      ['imported', 'pass'],
      ['imported', 'fail'],
    ]);
  });

  it('metrics without --judge-model is a usage error; an unknown suite is named', () => {
    const imported = JSON.parse(
      parley('import-calls', 'Dental', path.join(fixtures, 'plain-transcript.json'), '--json').out,
    ).run_id;
    const suiteFile = path.join(dir, 'm.suite.json');
    fs.writeFileSync(suiteFile, JSON.stringify({ tests: [{ name: 'm', metrics: ['Polite'] }] }));
    const r = parley('evaluate', imported, '--tests', suiteFile);
    expect(r.code).toBe(2);
    expect(r.err).toContain('choose a judge model (--judge-model SPEC)');
    expect(parley('evaluate', imported, '--tests', 'no-such-suite').err).toContain(
      '--tests: suite "no-such-suite" not found: no stored suite has this id or name, and no file has this path',
    );
  });
});
