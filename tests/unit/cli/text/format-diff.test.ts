import { describe, expect, it } from 'vitest';
import { diffRuns } from '../../../../src-main/compare/diff-runs.js';
import { formatDiffText } from '../../../../src-main/cli/text/format-diff.js';
import { formatMatrixText } from '../../../../src-main/cli/text/format-matrix.js';
import { compareRunsMatrix } from '../../../../src-main/compare/matrix.js';
import { mkResult, mkRun, repeats, visit } from '../../compare/build.js';

const gguf = (context_size: number) => ({
  spec: { provider: 'llama-cpp' as const, model: '/m/ux-tiny.gguf', params: { context_size } },
  identity: { provider: 'llama-cpp' as const, name: 'ux-tiny.gguf', quantization: 'F32', digest: 'sha256:abc' },
});

describe('parley diff text', () => {
  it('shows each run configuration, the line saying how they differ, and tokens per conversation when the repeat counts differ', () => {
    const a = { run: mkRun({ id: 'run_a', models: { agent: gguf(2048) } }), results: repeats('t1', 0, ['pass']) };
    const b = {
      run: mkRun({ id: 'run_b', models: { agent: gguf(8192) } }),
      results: repeats('t1', 0, ['pass', 'pass', 'pass', 'pass']),
    };
    const d = diffRuns(a, b);
    expect(d.summary.per_conversation).toBe(true);
    expect(d.summary.a.tokens_per_conversation).toBe(120);
    expect(d.summary.delta.tokens_per_conversation).toBe(0);
    const text = formatDiffText(d);
    expect(text).toContain('A and B differ in: agent, caller and judge model parameters context_size 2048 -> 8192');
    expect(text).toContain(
      'agent llama-cpp:ux-tiny.gguf F32 · caller llama-cpp:ux-tiny.gguf F32 (same as agent) · judge llama-cpp:ux-tiny.gguf F32 (same as agent)',
    );
    expect(text).toContain('tokens / conversation');
    expect(text).toContain('The runs hold 1 and 4 conversations');
    expect(text).not.toMatch(/^tokens {2}/m);
  });

  it('a shorter path reads "stayed on <node>", not "ended"; scripted runs are marked DEMO', () => {
    const path = [visit('welcome', 0), visit('collect', 2, 'e1', 'gave a date')];
    const a = { run: mkRun({ id: 'run_a' }), results: [mkResult({ test: 't1', nodes_visited: path })] };
    const b = { run: mkRun({ id: 'run_b' }), results: [mkResult({ test: 't1', nodes_visited: path.slice(0, 1) })] };
    const text = formatDiffText(diffRuns(a, b));
    expect(text).toContain('B -> stayed on welcome (no further transition)');
    expect(text).toMatch(/^A {2}run_a {2}DEMO/m);
    expect(text).toContain('A and B: Demo run');
  });

  it("each demo side's note names only the roles it scripted", () => {
    const script = { spec: { provider: 'scripted' as const, model: '/r/script.json' } };
    const a = {
      run: mkRun({ id: 'run_a', models: { agent: script, caller: gguf(2048), judge: gguf(2048) } }),
      results: [],
    };
    const b = {
      run: mkRun({ id: 'run_b', models: { agent: gguf(2048), caller: gguf(2048), judge: script } }),
      results: [],
    };
    const text = formatDiffText(diffRuns(a, b));
    expect(text).toContain(
      "A: Demo run: the agent's replies come from a file (the scripted model); the caller and the judge ran on a model",
    );
    expect(text).toContain(
      "B: Demo run: the judge's scores come from a file (the scripted model); the agent and the caller ran on a model",
    );
    expect(text).not.toContain("the caller's lines");
  });

  it('a changed judge: the notes say why, and no metric delta or delta total is printed', () => {
    const metric = (score: number) => ({
      criterion: 'Books',
      score,
      threshold: 0.7,
      passed: score >= 0.7,
      reasoning: '',
    });
    const script = { spec: { provider: 'scripted' as const, model: '/r/script.json' } };
    const a = {
      run: mkRun({ id: 'run_a', models: { agent: script, caller: script, judge: script } }),
      results: [
        mkResult({ test: 't1', metrics: [metric(0.9)] }),
        mkResult({ test: 't2', test_index: 1, metrics: [metric(0.5)], status: 'fail' }),
      ],
    };
    const t8 = gguf(2048);
    const b = {
      run: mkRun({
        id: 'run_b',
        models: { agent: t8, caller: t8, judge: t8 },
        options: { concurrency: 4, max_turns: 3 },
      }),
      results: [
        mkResult({ test: 't1', metrics: [metric(0.5)], status: 'fail' }),
        mkResult({ test: 't2', test_index: 1, metrics: [metric(0.9)] }),
      ],
    };
    const text = formatDiffText(diffRuns(a, b));
    expect(text).toContain(
      "A and B differ in: agent, caller and judge model scripted:script.json -> llama-cpp:ux-tiny.gguf F32; agent, caller and judge model parameters context_size default -> 2048; max turns the tests' own -> 3",
    );
    expect(text).toContain(
      'NOTE judge changed: scores not comparable (judge model scripted:script.json -> llama-cpp:ux-tiny.gguf F32; judge model parameters context_size default -> 2048)',
    );
    expect(text).toMatch(/^mean score +0\.70 +0\.70 +judge changed: scores not comparable$/m);
    expect(text).toMatch(/^ {2}Books +0\.70 +0\.70 +judge changed: scores not comparable$/m);
    expect(text).toContain('metric "Books" 0.90 -> 0.50 (judge changed: scores not comparable)');
    expect(text).toMatch(/^mean turns .*caller changed: not comparable$/m);
    // no signed score delta anywhere
    expect(text).not.toMatch(/[+-]0\.40/);
  });

  it('names the speech of each run and cautions about an unfit or never-checked model', () => {
    const a = { run: mkRun({ id: 'run_a', models: { agent: gguf(2048) } }), results: repeats('t1', 0, ['pass']) };
    const b = {
      run: mkRun({
        id: 'run_b',
        models: { agent: gguf(2048) },
        options: {
          concurrency: 4,
          speech: { tts: 'espeak-ng', stt: 'pocketsphinx', audio_eval: true, caller_speech: true },
        },
      }),
      results: repeats('t1', 0, ['pass']),
    };
    const d = diffRuns(a, b);
    const fit = {
      role: 'judge' as const,
      model: 'llama-cpp:/m/ux-tiny.gguf',
      figures: [],
      check_id: 'chk',
      checked_at: 'x',
      cancelled: false,
    };
    d.b.fitness = [
      {
        ...fit,
        state: 'unfit',
        text: 'not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria',
      },
      { ...fit, role: 'agent', state: 'unchecked', check_id: null, checked_at: null, text: 'never checked' },
    ];
    const text = formatDiffText(d);
    expect(text).toContain('   speech: audio eval · caller via STT · espeak-ng -> pocketsphinx');
    expect(text).toContain(
      'B: CAUTION judge model llama-cpp:/m/ux-tiny.gguf: not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria.',
    );
    expect(text).toContain(
      'B: NOT CHECKED llama-cpp:/m/ux-tiny.gguf was never checked for fitness as agent: nothing says its results can be trusted; check it: parley models check llama-cpp:/m/ux-tiny.gguf --role agent',
    );
  });

  it('the matrix text lists the configuration of each run and the fields the runs differ in', () => {
    const runs = [2048, 4096, 8192].map((c, i) => ({
      run: mkRun({ id: `run_${i}`, models: { agent: gguf(c) } }),
      results: repeats('t1', 0, ['pass']),
    }));
    const text = formatMatrixText(compareRunsMatrix(runs));
    expect(text).toContain('THE RUNS DIFFER IN');
    expect(text).toContain('agent, caller and judge model parameters context_size: 1 2048, 2 4096, 3 8192');
    expect(text).toContain(
      'NOTE judge changed: scores not comparable (judge model parameters context_size 2048 / 4096 / 8192)',
    );
    expect(text).toMatch(/score .* \(its own judge\)$/m);
  });
});
