import { describe, expect, it } from 'vitest';
import { demoNote, isDemoRun, scriptedRoles, scriptedRolesOfRefs } from '../../../../src-shared/run/demo.js';

const scripted = { spec: { provider: 'scripted' as const } };
const gguf = { spec: { provider: 'llama-cpp' as const } };

describe('demo runs name exactly the roles that were scripted', () => {
  it("only the agent scripted: the note says the agent's replies come from a file and the caller and judge ran on a model", () => {
    const models = { agent: scripted, caller: gguf, judge: gguf };
    expect(isDemoRun(models)).toBe(true);
    expect(scriptedRoles(models)).toEqual(['agent']);
    const note = demoNote(scriptedRoles(models));
    expect(note).toBe(
      "Demo run: the agent's replies come from a file (the scripted model); the caller and the judge ran on a model, so its passes and failures are not evidence about the agent.",
    );
    expect(note).not.toContain('scores');
  });

  it('agent and judge scripted: two roles named, the caller named as real', () => {
    const note = demoNote(scriptedRoles({ agent: scripted, caller: gguf, judge: scripted }));
    expect(note).toContain("the agent's replies and the judge's scores come from a file");
    expect(note).toContain('the caller ran on a model');
    expect(note).not.toContain("caller's lines");
  });

  it('all three scripted: all three named and nothing said to be real', () => {
    const note = demoNote(scriptedRoles({ agent: scripted, caller: scripted, judge: scripted }));
    expect(note).toContain("the agent's replies, the caller's lines and the judge's scores come from a file");
    expect(note).not.toContain('ran on a model');
  });

  it('no scripted role is not a demo; the compare references (identity or provider:model) read the same', () => {
    expect(isDemoRun({ agent: gguf, caller: gguf })).toBe(false);
    expect(
      scriptedRolesOfRefs({
        agent: 'scripted:a.json',
        caller: { provider: 'llama-cpp' },
        judge: { provider: 'scripted' },
      }),
    ).toEqual(['agent', 'judge']);
  });
});
