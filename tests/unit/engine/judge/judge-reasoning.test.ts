import { describe, expect, it } from 'vitest';
import { TestCase, type TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { RunOptionsInput } from '../../../../src-shared/schemas/run.js';
import { judgeMetrics, resolveMetrics } from '../../../../src-main/engine/judge/index.js';
import { judgeLimits } from '../../../../src-main/engine/judge/judge-limits.js';
import { FULL_JUDGE_REASON_CHARS, type EngineLimits } from '../../../../src-main/engine/limits.js';
import { ModelCalls } from '../../../../src-main/engine/model-io/model-calls.js';
import { scriptedModel } from '../../../../src-main/providers/scripted.js';
import { graph, spy } from '../helpers.js';

const transcript: TranscriptTurn[] = [
  { role: 'agent', content: 'Hello, Acme.', node: 'greet' },
  { role: 'caller', content: 'Hi.', node: 'greet' },
];
const LONG = 'x'.repeat(400);

async function judgeOnce(limits?: Partial<EngineLimits>) {
  const s = spy(scriptedModel({ judge: [{ metric_1: { score: 0.2, reasoning: LONG, turns: [2] } }] }));
  const calls = new ModelCalls({ agent: s.model, caller: s.model, judge: s.model });
  const metrics = resolveMetrics(
    TestCase.parse({ name: 't', metrics: ['Agent greets'] }),
    graph({ entry_node_id: 'a', nodes: [] }),
  );
  const [m] = await judgeMetrics(calls, transcript, metrics, { limits });
  const verdict = (
    s.seen[0].schema as { properties: Record<string, { properties: { reasoning: { maxLength: number } } }> }
  ).properties.metric_1;
  return { m, bound: verdict.properties.reasoning.maxLength, system: s.seen[0].messages[0].content };
}

describe('judge reasoning length', () => {
  it('is one short sentence by default: the schema bounds it to 120 characters and the prompt says so', async () => {
    const { m, bound, system } = await judgeOnce();
    expect(bound).toBe(120);
    expect(system).toContain('a reasoning of at most 120 characters');
    expect(m.reasoning).toHaveLength(120);
  });

  it('judge_reasoning: full allows the long form (300), an explicit limit still wins', async () => {
    const full = await judgeOnce(judgeLimits(undefined, 'full'));
    expect(full.bound).toBe(FULL_JUDGE_REASON_CHARS);
    expect(full.m.reasoning).toHaveLength(300);
    expect(judgeLimits({ judgeReasonChars: 40 }, 'full')).toEqual({ judgeReasonChars: 40 });
    expect(judgeLimits({ chatMaxTokens: 9 }, 'short')).toEqual({ chatMaxTokens: 9 });
  });

  it('is a run option every door checks', () => {
    expect(RunOptionsInput.parse({ judge_reasoning: 'full' }).judge_reasoning).toBe('full');
    const bad = RunOptionsInput.safeParse({ judge_reasoning: 'long' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['judge_reasoning']);
  });
});
