import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../src-main/formats/index.js';
import { bigRevRing, corpusFiles, fixtureFiles, read } from '../../unit/formats/helpers.js';

function time(fn: () => void, runs = 5): number {
  fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

describe('performance (median of 5 runs, printed for BENCHMARKS)', () => {
  it('imports the largest corpus file quickly', () => {
    const files = [...corpusFiles(), ...fixtureFiles()]
      .map((f) => ({ f, text: read(f) }))
      .sort((a, b) => b.text.length - a.text.length);
    const largest = files[0];
    const ms = time(() => {
      expect(parseAgentFile(largest.text, path.basename(largest.f)).ok).toBe(true);
    }, 9);
    console.log(
      `largest file ${path.basename(largest.f)} (${largest.text.length} bytes): import+validate ${ms.toFixed(2)} ms`,
    );
    expect(ms).toBeLessThan(200);
  });

  it('imports and validates a 500-node graph well under a second, and exports it back', () => {
    const text = bigRevRing(500);
    let nodes = 0;
    const ms = time(() => {
      const r = parseAgentFile(text, 'big.json');
      if (!r.ok || r.kind !== 'agent') throw new Error(r.ok ? 'suite' : r.errors[0].message);
      nodes = r.graph.nodes.length;
    });
    const r = parseAgentFile(text, 'big.json');
    if (!r.ok || r.kind !== 'agent') throw new Error('import');
    const exportMs = time(() => exportAgent(r.graph, 'revring'));
    const crossMs = time(() => exportAgent(r.graph, 'retell-cf'));
    console.log(
      `500-node RevRing flow (${(text.length / 1024).toFixed(0)} KB, ${nodes} nodes): import+validate ${ms.toFixed(1)} ms, export revring ${exportMs.toFixed(1)} ms, export retell-cf ${crossMs.toFixed(1)} ms`,
    );
    expect(nodes).toBe(501);
    expect(ms).toBeLessThan(1500);
  });

  it('refuses a file over the 10 MB limit without reading it as JSON', () => {
    const big = `{"x": "${'a'.repeat(10 * 1024 * 1024)}"}`;
    const s = performance.now();
    const r = parseAgentFile(big, 'huge.json');
    const ms = performance.now() - s;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toMatch(/larger than the 10 MB limit/);
    console.log(`10 MB refusal: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);
  });
});
