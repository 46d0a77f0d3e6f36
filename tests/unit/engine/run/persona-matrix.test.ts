import { describe, expect, it } from 'vitest';
import { expandPersonaMatrix } from '../../../../src-main/engine/run/persona-matrix.js';
import { callerPrompt } from '../../../../src-main/engine/conversation/caller.js';
import { Persona, TestSuite } from '../../../../src-shared/schemas/index.js';
import { bench } from '../run-helpers.js';

const impatient = Persona.parse({
  id: 'pe_1',
  name: 'Impatient Ivan',
  identity: { name: 'Ivan' },
  goal: 'Complain.',
  personality: { patience: 'low' },
});
const markdown = Persona.parse({
  id: 'pe_2',
  name: 'Retell Rita',
  markdown: '## Identity\nYou are Rita.\n\n## Personality\nYou ramble.',
});
const library = new Map([
  [impatient.id!, impatient],
  [impatient.name, impatient],
  [markdown.id!, markdown],
  [markdown.name, markdown],
]);
const resolve = (ref: string) => library.get(ref);
const suite = TestSuite.parse({
  name: 'desk',
  tests: [
    { name: 'refund', user_prompt: 'Get a refund for order A17.', metrics: ['Refund explained'] },
    { name: 'hours', persona: { name: 'Own', goal: 'Ask the opening hours.' } },
    { name: 'scripted', caller_script: ['hi'] },
  ],
});

describe('persona x scenario matrix', () => {
  it('crosses every test with every persona: the persona says who calls, the test what they want', () => {
    const m = expandPersonaMatrix(suite, ['Impatient Ivan', 'pe_2'], resolve);
    expect(m.tests.map((t) => t.name)).toEqual([
      'refund · Impatient Ivan',
      'refund · Retell Rita',
      'hours · Impatient Ivan',
      'hours · Retell Rita',
      'scripted',
    ]);
    const ivanRefund = callerPrompt(m.tests[0]);
    expect(ivanRefund).toContain('Your name is Ivan.');
    expect(ivanRefund).toContain('## Goal\nGet a refund for order A17.');
    expect(ivanRefund).not.toContain('Complain.');
    expect(ivanRefund).toMatch(/impatient/i);
    expect(callerPrompt(m.tests[3])).toBe(
      '## Identity\nYou are Rita.\n\n## Personality\nYou ramble.\n\n## Goal in this scenario\nAsk the opening hours.',
    );
    expect(m.tests[0].metrics).toEqual(suite.tests[0].metrics);
  });

  it('an unknown persona or test is refused before anything runs, naming it', () => {
    expect(() => expandPersonaMatrix(suite, ['Nobody'], resolve)).toThrow(
      /persona "Nobody" is not in the persona library/,
    );
    expect(() => expandPersonaMatrix(suite, ['pe_1'], resolve, ['nope'])).toThrow(
      /no test named "nope" in suite "desk"/,
    );
    expect(expandPersonaMatrix(suite, ['pe_1'], resolve, ['hours']).tests.map((t) => t.name)).toEqual([
      'hours · Impatient Ivan',
    ]);
  });

  it('a matrix run stores the matrix as its suite, with repeats, and resumes from it', async () => {
    const g = {
      entry_node_id: 'a',
      nodes: [{ id: 'a', type: 'conversation' as const, instruction: { mode: 'prompt' as const, text: 'Help.' } }],
    };
    const b = bench(g, {
      name: 'desk',
      tests: [
        { name: 'refund', user_prompt: 'Get a refund.' },
        { name: 'hours', user_prompt: 'Hours?' },
      ],
    });
    const out = await (
      await b.start({ options: { personas: ['pe_1', 'pe_2'], repeats: 2, tests: ['refund'] }, resolvePersona: resolve })
    ).done;
    expect(out.results.map((r) => `${r.test}#${r.repeat}`)).toEqual([
      'refund · Impatient Ivan#0',
      'refund · Impatient Ivan#1',
      'refund · Retell Rita#0',
      'refund · Retell Rita#1',
    ]);
    expect(b.store.runs.suiteSnapshot(out.run.id)?.tests.map((t) => t.name)).toEqual([
      'refund · Impatient Ivan',
      'refund · Retell Rita',
    ]);
    expect(out.run.options).toMatchObject({ personas: ['pe_1', 'pe_2'], repeats: 2 });
    expect(out.run.options.tests).toBeUndefined();
    await expect(b.start({ options: { personas: ['ghost'] }, resolvePersona: resolve })).rejects.toThrow(
      /persona "ghost"/,
    );
  });
});
