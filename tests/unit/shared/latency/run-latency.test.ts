import { describe, expect, it } from 'vitest';
import { formatMs, latencyHistogram, percentile, runLatency } from '../../../../src-shared/latency/run-latency.js';
import { checkLatencyBudget, withinBudget } from '../../../../src-shared/latency/budget.js';
import { runLatencyReport } from '../../../../src-shared/latency/run-latency-report.js';
import { latencyDelta, latencyFigures, rankByLatency } from '../../../../src-main/compare/latency-compare.js';
import {
  LatencyBudget,
  TestSuite,
  type TranscriptTurn,
  type TurnLatency,
} from '../../../../src-shared/schemas/index.js';

const agent = (latency?: TurnLatency): TranscriptTurn => ({
  role: 'agent',
  content: 'x',
  ...(latency ? { latency } : {}),
});
const caller: TranscriptTurn = { role: 'caller', content: 'y' };
const responses = (ms: number[]) => [{ transcript: ms.flatMap((v) => [caller, agent({ response_ms: v })]) }];

describe('percentile (nearest rank)', () => {
  it('gives a value that occurred', () => {
    const xs = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
    expect(percentile(xs, 50)).toBe(500);
    expect(percentile(xs, 95)).toBe(1000);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('runLatency', () => {
  it('p50/p95/max/mean per figure over the agent turns; estimated counted; absent figures null', () => {
    const l = runLatency([
      {
        transcript: [
          agent({ response_ms: 0, estimated: ['response_ms'] }),
          caller,
          agent({ routing_ms: 100, first_token_ms: 300, full_reply_ms: 900, response_ms: 400 }),
          caller,
          agent({ first_token_ms: 500, full_reply_ms: 500, response_ms: 500, estimated: ['first_token_ms'] }),
          agent(),
        ],
      },
    ]);
    expect(l.agent_turns).toBe(3);
    expect(l.response_ms).toEqual({ n: 3, estimated: 1, p50: 400, p95: 500, max: 500, mean: 300 });
    expect(l.first_token_ms).toEqual({ n: 2, estimated: 1, p50: 300, p95: 500, max: 500, mean: 400 });
    expect(l.routing_ms).toEqual({ n: 1, estimated: 0, p50: 100, p95: 100, max: 100, mean: 100 });
    expect(l.stt_ms).toBeNull();
    expect(l.tts_first_audio_ms).toBeNull();
  });
});

describe('latency budget', () => {
  const ms = Array.from({ length: 37 }, (_, i) => (i < 35 ? 600 : 1840));
  it('a run over budget fails the check with the figure', () => {
    const checks = checkLatencyBudget({ p95_response_ms: 1200, p50_response_ms: 800 }, runLatency(responses(ms)));
    expect(checks).toEqual([
      {
        target: 'p50_response_ms',
        budget_ms: 800,
        actual_ms: 600,
        turns: 37,
        passed: true,
        message: 'p50 response 600 ms <= budget 800 ms over 37 turns',
      },
      {
        target: 'p95_response_ms',
        budget_ms: 1200,
        actual_ms: 1840,
        turns: 37,
        passed: false,
        message: 'p95 response 1,840 ms > budget 1,200 ms over 37 turns',
      },
    ]);
    expect(withinBudget(checks)).toBe(false);
  });

  it('a run within budget passes; the budget equal to the figure passes', () => {
    const checks = checkLatencyBudget({ p95_response_ms: 1840 }, runLatency(responses(ms)));
    expect(checks.map((c) => c.passed)).toEqual([true]);
    expect(withinBudget(checks)).toBe(true);
  });

  it('a figure no turn recorded fails: the budget could not be checked', () => {
    const [c] = checkLatencyBudget({ p95_first_token_ms: 500 }, runLatency(responses([100])));
    expect(c).toMatchObject({ passed: false, actual_ms: null, turns: 0 });
    expect(c.message).toBe('p95 first token: no agent turn recorded it, so the budget of 500 ms could not be checked');
  });

  it('the run report carries the budget of the run options', () => {
    const r = runLatencyReport({ options: { concurrency: 1, latency_budget: { p95_response_ms: 1 } } }, responses([5]));
    expect(r?.budget[0].passed).toBe(false);
    expect(runLatencyReport({ options: { concurrency: 1 } }, [{ transcript: [caller] }])).toBeUndefined();
  });

  it('a bad budget in a suite names the key and what was expected', () => {
    const neg = TestSuite.safeParse({ tests: [], latency: { p95_response_ms: -5 } });
    expect(neg.success).toBe(false);
    expect(neg.error!.issues[0].path).toEqual(['latency', 'p95_response_ms']);
    expect(neg.error!.issues[0].message).toContain('positive number of milliseconds');
    const typo = LatencyBudget.safeParse({ p95_respnse_ms: 1200 });
    expect(typo.success).toBe(false);
    expect(JSON.stringify(typo.error!.issues)).toContain('p95_respnse_ms');
  });
});

describe('latency histogram', () => {
  it('round bar widths from 0, every value in one bar', () => {
    const bins = latencyHistogram([0, 90, 110, 480, 1000], 5);
    expect(bins.map((b) => [b.lo, b.hi, b.count])).toEqual([
      [0, 200, 3],
      [200, 400, 0],
      [400, 600, 1],
      [600, 800, 0],
      [800, 1000, 0],
      [1000, 1200, 1],
    ]);
    expect(latencyHistogram([])).toEqual([]);
  });
});

describe('compare figures', () => {
  it('deltas per figure (B - A) and ranking by p95 response, runs without latency last', () => {
    const a = latencyFigures(responses([100, 200, 900]));
    const b = latencyFigures(responses([50, 60, 300]));
    expect(a.p95_response_ms).toBe(900);
    expect(latencyDelta(a, b)).toMatchObject({
      p50_response_ms: -140,
      p95_response_ms: -600,
      p95_first_token_ms: null,
    });
    const none = latencyFigures([{ transcript: [caller] }]);
    expect(
      rankByLatency([
        { run: 'A', model: 'local', latency: a },
        { run: 'N', model: 'imported', latency: none },
        { run: 'B', model: 'cloud', latency: b },
      ]).map((r) => [r.rank, r.run]),
    ).toEqual([
      [1, 'B'],
      [2, 'A'],
      [null, 'N'],
    ]);
  });

  it('formats ms for people', () => {
    expect(formatMs(1840)).toBe('1,840 ms');
    expect(formatMs(0.46)).toBe('0.5 ms');
  });
});
