import { describe, expect, it } from 'vitest';
import { splitSide } from '../../../../src-shared/rules/rule-side.js';
import { checkSubstrings } from '../../../../src-main/engine/judge/index.js';
import { splitScope } from '../../../../src-renderer/features/suites/suite-form.js';

describe('splitSide (one reading of agent:/caller: for the engine and the suite editor)', () => {
  it('reads a side prefix in any case, with spaces, and leaves other text whole', () => {
    expect(splitSide('  AGENT :  date of birth')).toEqual({ side: 'agent', text: 'date of birth' });
    expect(splitSide('caller:hi')).toEqual({ side: 'caller', text: 'hi' });
    expect(splitSide('agents: plural is not a side')).toEqual({
      side: undefined,
      text: 'agents: plural is not a side',
    });
  });
  it('the editor shows the side the engine checks', () => {
    const transcript = [
      { role: 'agent' as const, content: 'What is your date of birth?' },
      { role: 'caller' as const, content: 'It is in June.' },
    ];
    for (const entry of ['caller: june', 'agent: june', 'june']) {
      const scope = splitScope(entry).scope;
      const [check] = checkSubstrings(transcript, [entry], []);
      // june is only in the caller's turn: the agent-only check fails, the others pass
      expect(check!.passed, `${entry} (${scope})`).toBe(scope !== 'agent');
    }
  });
});
