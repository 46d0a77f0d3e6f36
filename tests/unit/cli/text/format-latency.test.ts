import { describe, expect, it } from 'vitest';
import { latencyDiffRows, latencyRankLines } from '../../../../src-main/cli/text/format-latency.js';
import { latencyDelta, latencyFigures, rankByLatency } from '../../../../src-main/compare/latency-compare.js';
import type { TranscriptTurn } from '../../../../src-shared/schemas/index.js';

const run = (ms: number[], first?: number) => [
  {
    transcript: ms.map((v): TranscriptTurn => ({
      role: 'agent',
      content: 'x',
      latency: { response_ms: v, ...(first !== undefined ? { first_token_ms: first, full_reply_ms: first * 2 } : {}) },
    })),
  },
];

describe('latency in parley diff / compare text', () => {
  it('two runs: a row per figure either run recorded, B - A signed', () => {
    const a = latencyFigures(run([400, 1840], 300));
    const b = latencyFigures(run([350, 900]));
    expect(latencyDiffRows(a, b, latencyDelta(a, b))).toEqual([
      ['p50 response', '400 ms', '350 ms', '−50 ms'],
      ['p95 response', '1,840 ms', '900 ms', '−940 ms'],
      ['p50 first token', '300 ms', '-', ''],
      ['p95 first token', '300 ms', '-', ''],
      ['p95 full reply', '600 ms', '-', ''],
    ]);
    expect(latencyDiffRows(undefined, undefined, undefined)).toEqual([]);
  });

  it('N runs: ranked lines naming the run number and the model', () => {
    const rank = rankByLatency([
      { run: 'r1', model: 'llama-3.2-3b Q4_K_M', latency: latencyFigures(run([900, 2100])) },
      { run: 'r2', model: 'gpt-4o-mini', latency: latencyFigures(run([500, 700])) },
    ]);
    expect(latencyRankLines(rank, (id) => (id === 'r1' ? 1 : 2))).toEqual([
      'LATENCY (ranked by p95 response, fastest first; docs/latency.md)',
      '  1. run 2 gpt-4o-mini: p95 response 700 ms, p50 500 ms, p95 first token - (2 turns)',
      '  2. run 1 llama-3.2-3b Q4_K_M: p95 response 2,100 ms, p50 900 ms, p95 first token - (2 turns)',
    ]);
  });
});
