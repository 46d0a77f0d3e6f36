import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_SCRIPT_FIX_NOTE,
  isExampleScript,
  SCRIPTED_AGENT_FIX_NOTE,
  scriptedFixNote,
} from '../../../../src-shared/text/scripted-fix-note.js';

const runOn = (provider: string, model: string) =>
  ({ models: { agent: { spec: { provider, model, params: {} } } } }) as never;

describe('the note said before a fix re-runs a scripted agent', () => {
  it('says nothing for an agent on a real model', () => {
    expect(scriptedFixNote(runOn('ollama', 'llama3.2:3b'))).toBeUndefined();
  });

  it('says no edit can help for a script of your own', () => {
    expect(scriptedFixNote(runOn('scripted', '/home/me/my-script.json'))).toBe(SCRIPTED_AGENT_FIX_NOTE);
    expect(scriptedFixNote(runOn('scripted', '/home/me/scripted-model.json'))).toBe(SCRIPTED_AGENT_FIX_NOTE);
  });

  it("names the bundled example's demo script, wherever it is installed, without claiming no edit can help", () => {
    expect(scriptedFixNote(runOn('scripted', '/opt/parley/resources/example/scripted-model.json'))).toBe(
      EXAMPLE_SCRIPT_FIX_NOTE,
    );
    expect(isExampleScript('C:\\Parley\\resources\\example\\scripted-model.json')).toBe(true);
    expect(EXAMPLE_SCRIPT_FIX_NOTE).toContain('demo');
    expect(EXAMPLE_SCRIPT_FIX_NOTE).not.toContain('changes nothing');
  });
});
