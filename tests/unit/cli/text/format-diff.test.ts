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
    expect(text).toContain('A and B differ in: agent model parameters context_size 2048 -> 8192');
    expect(text).toContain('agent ux-tiny.gguf F32 · caller same as agent · judge same as agent');
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

  it('the matrix text lists the configuration of each run and the fields the runs differ in', () => {
    const runs = [2048, 4096, 8192].map((c, i) => ({
      run: mkRun({ id: `run_${i}`, models: { agent: gguf(c) } }),
      results: repeats('t1', 0, ['pass']),
    }));
    const text = formatMatrixText(compareRunsMatrix(runs));
    expect(text).toContain('THE RUNS DIFFER IN');
    expect(text).toContain('agent model parameters context_size: 1 2048, 2 4096, 3 8192');
  });
});
