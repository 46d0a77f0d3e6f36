import { describe, expect, it } from 'vitest';
import { attackSuccess } from '../../../../src-main/app/compare/attack-success.js';
import { buildAttackSuite } from '../../../../src-main/app/redteam/attack-suite.js';
import { redteamCategory } from '../../../../src-shared/redteam/categories.js';
import { attackSideText } from '../../../../src-shared/text/attack-success.js';
import { AttackSuccessRow } from '../../../../src-shared/contract/compare-shapes.js';

const leak = redteamCategory('system_prompt_leak')!;
const suite = buildAttackSuite({ agentName: 'A', categories: [leak], attempts: 1, maxTurns: 3, seed: 1 });
const note = 'the agent has no "never" rule of its own to attack';
const noted = { ...suite, redteam: { canaries: [], tool_policies: [], notes: [{ category: 'policy', note }] } };

describe('attack success of two red-team runs', () => {
  it("keeps a category's note (why it has no attempt) on its side, in JSON and in the diff's words (CLI and Compare page)", () => {
    const rows = attackSuccess({ suite, results: [] }, { suite: noted, results: [] })!;
    const policy = rows.find((r) => r.id === 'policy')!;
    expect(policy.a).toBeNull();
    expect(policy.b).toMatchObject({ attempts: 0, successes: 0, rate: null, note });
    expect(AttackSuccessRow.parse(policy).b?.note).toBe(note);
    expect(attackSideText(policy.b)).toBe(`no attempt: ${note}`);
    expect(attackSideText(policy.a)).toBe('not attacked');
  });
});
