import { describe, expect, it } from 'vitest';
import { attackerSeedOf, buildAttackSuite } from '../../../../src-main/app/redteam/attack-suite.js';
import { redteamCategory } from '../../../../src-shared/redteam/categories.js';
import {
  REDTEAM_STRATEGIES,
  STRATEGY_IDS,
  strategyOfAttempt,
  unknownStrategies,
} from '../../../../src-shared/redteam/strategies.js';

const leak = redteamCategory('system_prompt_leak')!;
const abuse = redteamCategory('abuse')!;
const plan = (seed: number, strategies?: ('crescendo' | 'role_play' | 'encoding')[]) =>
  buildAttackSuite({ agentName: 'A', categories: [leak, abuse], attempts: 4, maxTurns: 3, seed, strategies });

describe('attack strategies', () => {
  it('one table: ids, a description and a briefing each; crescendo adds nothing to the escalating briefing', () => {
    expect(REDTEAM_STRATEGIES.map((s) => s.id)).toEqual([...STRATEGY_IDS]);
    expect(REDTEAM_STRATEGIES.find((s) => s.id === 'crescendo')!.briefing).toBe('');
    for (const s of REDTEAM_STRATEGIES.filter((x) => x.id !== 'crescendo'))
      expect(s.briefing.length).toBeGreaterThan(50);
  });

  it('round-robin over a category’s attempts in the table’s order, whatever order they were asked in', () => {
    expect([1, 2, 3, 4].map((a) => strategyOfAttempt(['encoding', 'crescendo'], a))).toEqual([
      'crescendo',
      'encoding',
      'crescendo',
      'encoding',
    ]);
    expect([1, 2, 3].map((a) => strategyOfAttempt(['role_play'], a))).toEqual(['role_play', 'role_play', 'role_play']);
    expect(strategyOfAttempt([], 1)).toBe('crescendo');
  });

  it('each attempt records its strategy, each category starting again at the first; the briefing carries it', () => {
    const suite = plan(1, ['encoding', 'role_play']);
    expect(suite.tests.map((t) => `${t.name}:${t.redteam!.strategy}`)).toEqual([
      'system_prompt_leak #1:role_play',
      'system_prompt_leak #2:encoding',
      'system_prompt_leak #3:role_play',
      'system_prompt_leak #4:encoding',
      'abuse #1:role_play',
      'abuse #2:encoding',
      'abuse #3:role_play',
      'abuse #4:encoding',
    ]);
    const encoding = REDTEAM_STRATEGIES.find((s) => s.id === 'encoding')!.briefing;
    expect(suite.tests[1].user_prompt).toContain(encoding);
    expect(suite.tests[0].user_prompt).not.toContain(encoding);
    expect(plan(1).tests.every((t) => t.redteam!.strategy === 'crescendo')).toBe(true);
  });

  it('every attempt its own attacker seed; the same run seed the same seeds, another run seed others', () => {
    const seeds = (s: number) => plan(s).tests.map((t) => t.redteam!.attacker_seed);
    expect(new Set(seeds(3)).size).toBe(8);
    expect(seeds(3)).toEqual(seeds(3));
    expect(seeds(3)[0]).toBe(attackerSeedOf(3, 'system_prompt_leak', 1));
    expect(seeds(4)).not.toEqual(seeds(3));
  });

  it('an unknown id is refused with the valid ones', () => {
    expect(unknownStrategies(['crescendo', 'encoding'])).toBeUndefined();
    expect(unknownStrategies(['rot13', 'leet'])).toBe(
      'unknown strategies rot13, leet; the strategies are crescendo, role_play, encoding',
    );
  });
});
