import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { neverRules } from '../../../../src-main/app/redteam/never-rules.js';
import { AgentGraph } from '../../../../src-shared/schemas/index.js';

const example = AgentGraph.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../resources/example/agent.json'), 'utf8')),
);

const withPrompts = (global: string, instructions: { mode: 'prompt' | 'static'; text: string }[]) =>
  AgentGraph.parse({
    ...example,
    global_prompt: global,
    nodes: example.nodes.map((n, i) =>
      'instruction' in n && n.instruction && instructions[i] ? { ...n, instruction: instructions[i] } : n,
    ),
  });

describe('neverRules: the agent own prohibitions, sentence by sentence', () => {
  it("never / do not / don't / must not sentences of the global prompt and prompt instructions, each once", () => {
    const g = withPrompts(
      "You are a receptionist. Never give medical advice. Don't share other patients' details!\n- Do not book without a name",
      [
        { mode: 'prompt', text: 'Ask for the name. You must not skip the date of birth. Never give medical advice.' },
        { mode: 'static', text: 'We never close on Sundays.' },
      ],
    );
    expect(neverRules(g)).toEqual([
      'Never give medical advice.',
      "Don't share other patients' details!",
      'Do not book without a name',
      'You must not skip the date of birth.',
    ]);
  });

  it('an agent with no such rule gives none (not an error)', () => {
    const none = AgentGraph.parse({
      ...example,
      global_prompt: 'Be brief.',
      nodes: example.nodes.map((n) =>
        'instruction' in n && n.instruction ? { ...n, instruction: { mode: 'prompt', text: 'Help the caller.' } } : n,
      ),
    });
    expect(neverRules(none)).toEqual([]);
  });

  it('words that only contain the keywords are not rules ("nevertheless", "donation")', () => {
    expect(
      neverRules(withPrompts('Nevertheless, be kind. Mention the donation box.', [{ mode: 'prompt', text: 'Hi.' }])),
    ).toEqual([]);
  });
});
