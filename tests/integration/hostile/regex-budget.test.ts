import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_TIME_PER_RUN_MS } from '../../../src-shared/limits.js';
import type { AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { checkPatterns } from '../../../src-main/engine/judge/index.js';
import { bench } from '../../unit/engine/run-helpers.js';

/** `^(a+)+$` against 30 a's and a "!" backtracks for far longer than any timeout. */
const HOSTILE = '^(a+)+$';
const VICTIM = `${'a'.repeat(30)}!`;

const graph: AgentGraphInput = {
  name: 'Echo',
  entry_node_id: 'say',
  nodes: [
    {
      id: 'say',
      type: 'conversation',
      instruction: { mode: 'static', text: VICTIM },
      transitions: [{ id: 'done', target: 'end', condition: { kind: 'always' } }],
    },
    { id: 'end', type: 'end' },
  ],
};

describe('regex checks have a time budget per run', () => {
  it('with a small budget, patterns past it are failed without running (real worker)', async () => {
    const transcript = [{ role: 'agent' as const, content: VICTIM }];
    const budget = { remainingMs: 450 };
    const out = await checkPatterns(transcript, [HOSTILE, HOSTILE, HOSTILE, HOSTILE, 'a!'], 200, budget);
    expect(
      out.map((r) =>
        r.message
          .replace(/\/.*\//, '/P/')
          .split(' ')
          .slice(0, 4)
          .join(' '),
      ),
    ).toEqual([
      'pattern /P/ took longer',
      'pattern /P/ took longer',
      'pattern /P/ took longer',
      'pattern /P/ was not',
      'pattern /P/ was not',
    ]);
    expect(out.every((r) => !r.passed)).toBe(true);
    expect(out[4].message).toMatch(/already used their 10 s on patterns that were too slow; expected/);
  });

  it('50 hostile patterns in one run: at most the run budget is spent, the rest are failed as not checked', async () => {
    const b = bench(graph, {
      name: 'regex bomb',
      tests: [
        { name: 'one', caller_script: ['hi'], patterns: Array(25).fill(HOSTILE) },
        { name: 'two', caller_script: ['hi'], patterns: Array(25).fill(HOSTILE) },
      ],
    });
    const out = await (await b.start()).done;
    const rules = out.results.flatMap((r) => r.rules);
    expect(rules).toHaveLength(50);
    const timedOut = rules.filter((r) => /took longer than/.test(r.message)).length;
    const skipped = rules.filter((r) => /was not checked/.test(r.message)).length;
    expect(timedOut).toBeLessThanOrEqual(MAX_PATTERN_TIME_PER_RUN_MS / 1000);
    expect(timedOut + skipped).toBe(50);
    expect(out.results.map((r) => r.status)).toEqual(['fail', 'fail']);
    b.store.close();
  }, 60_000);
});
