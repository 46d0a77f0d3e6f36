import { describe, expect, it } from 'vitest';
import {
  addFact,
  addHiddenFact,
  addSuggestedFact,
  editFact,
  editHiddenFact,
  editPersonality,
  emptyDraft,
  fieldError,
  patchDraft,
  removeFact,
  removeHiddenFact,
  setBehaviour,
  unusedSuggestions,
  type PersonaDraft,
} from '../../../../src-renderer/features/personas/persona-form.js';

const draft = (patch: Partial<PersonaDraft> = {}): PersonaDraft => ({
  ...emptyDraft(),
  facts: [
    { key: 'name', value: 'Rosa' },
    { key: 'order_number', value: '5521' },
  ],
  hidden_facts: [{ fact: 'Called twice', reveal_when: 'only when asked' }],
  ...patch,
});

/** Every edit returns a new draft and leaves the one it was given as it was. */
function unchanged(edit: (d: PersonaDraft) => PersonaDraft): PersonaDraft {
  const before = draft();
  const copy = structuredClone(before);
  const after = edit(before);
  expect(before).toEqual(copy);
  expect(after).not.toBe(before);
  return after;
}

describe("persona form edits (the form's state transitions)", () => {
  it('the error of a field path, or none', () => {
    const errors = [
      { path: 'name', message: 'give the persona a name' },
      { path: 'facts[1].key', message: 'a fact needs a name' },
    ];
    expect(fieldError(errors, 'facts[1].key')).toBe('a fact needs a name');
    expect(fieldError(errors, 'facts[0].key')).toBeUndefined();
    expect(fieldError([], 'name')).toBeUndefined();
  });

  it('patches top-level fields', () => {
    expect(unchanged((d) => patchDraft(d, { name: 'Rosa', goal: 'A refund' }))).toMatchObject({
      name: 'Rosa',
      goal: 'A refund',
      facts: draft().facts,
    });
  });

  it('edits, adds and removes fact rows by position', () => {
    expect(unchanged((d) => editFact(d, 1, { value: '9000' })).facts).toEqual([
      { key: 'name', value: 'Rosa' },
      { key: 'order_number', value: '9000' },
    ]);
    expect(unchanged((d) => addFact(d)).facts.at(-1)).toEqual({ key: '', value: '' });
    expect(unchanged((d) => addFact(d, 'date_of_birth')).facts.map((f) => f.key)).toEqual([
      'name',
      'order_number',
      'date_of_birth',
    ]);
    expect(unchanged((d) => removeFact(d, 0)).facts).toEqual([{ key: 'order_number', value: '5521' }]);
  });

  it('a suggested fact replaces rows left entirely empty, and keeps rows with a name or a value', () => {
    const d = draft({
      facts: [
        { key: '', value: '' },
        { key: ' ', value: 'kept' },
        { key: 'name', value: '' },
      ],
    });
    expect(addSuggestedFact(d, 'account_id').facts).toEqual([
      { key: ' ', value: 'kept' },
      { key: 'name', value: '' },
      { key: 'account_id', value: '' },
    ]);
  });

  it('offers only the agent variables not yet used as a fact name (trimmed)', () => {
    const d = draft({ facts: [{ key: ' name ', value: 'x' }] });
    const suggestions = [
      { name: 'name', source: 'default variable' as const },
      { name: 'zip', source: 'used in a prompt' as const },
    ];
    expect(unusedSuggestions(d, suggestions)).toEqual([{ name: 'zip', source: 'used in a prompt' }]);
  });

  it('edits personality fields one at a time, keeping the others; undefined clears one', () => {
    const d = editPersonality(draft(), { patience: 'low', notes: 'On a train' });
    expect(editPersonality(d, { notes: undefined }).personality).toEqual({ patience: 'low', notes: undefined });
    expect(unchanged((x) => editPersonality(x, { temperament: 'angry' })).personality).toEqual({
      temperament: 'angry',
    });
  });

  it('turns one behaviour on or off', () => {
    const on = unchanged((d) => setBehaviour(d, 'asks_for_human', true));
    expect(on.behaviours).toEqual({ ...emptyDraft().behaviours, asks_for_human: true });
    expect(setBehaviour(on, 'asks_for_human', false).behaviours).toEqual(emptyDraft().behaviours);
  });

  it('edits, adds (said only when asked) and removes hidden facts', () => {
    expect(unchanged((d) => editHiddenFact(d, 0, { reveal_when: 'when asked about history' })).hidden_facts).toEqual([
      { fact: 'Called twice', reveal_when: 'when asked about history' },
    ]);
    expect(unchanged((d) => addHiddenFact(d)).hidden_facts.at(-1)).toEqual({
      fact: '',
      reveal_when: 'only when asked',
    });
    expect(unchanged((d) => removeHiddenFact(d, 0)).hidden_facts).toEqual([]);
  });
});
