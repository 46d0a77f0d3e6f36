import { describe, expect, it } from 'vitest';
import {
  tryStartInput,
  withAnswers,
  type SetupValues,
} from '../../../../src-renderer/features/playground/try-setup-form.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';

const values = (patch: Partial<SetupValues> = {}): SetupValues => ({
  agentId: 'ag_1',
  mode: 'manual',
  personaId: '',
  agentModel: { provider: 'ollama', model: 'qwen2.5:0.5b' },
  startNode: '',
  variables: '',
  mocks: '',
  answersFrom: null,
  ...patch,
});
const graph = { name: 'edited' } as AgentGraph;

describe('Try it’s start input', () => {
  it('tries the editor’s graph only when it has edits; else the version on the canvas', () => {
    expect(tryStartInput(values(), { problems: [], graph, versionId: 'ver_2' })).toMatchObject({ graph });
    const saved = tryStartInput(values(), { problems: [], versionId: 'ver_2' })!;
    expect(saved).toMatchObject({ version_id: 'ver_2' });
    expect(saved).not.toHaveProperty('graph');
    expect(tryStartInput(values(), { problems: ['agent model: choose a provider and a model'] })).toBeNull();
  });
  it('sends a suite test’s tool answers and variables, taken into the boxes', () => {
    const v = withAnswers(values(), {
      suiteId: 'st_1',
      suiteName: 'Example',
      testIndex: 0,
      testName: 'Books the first free slot',
      mocks: [{ tool: 'find_slots', response: { first_slot: 'Tuesday' } }],
      variables: { clinic: 'Maple' },
    });
    expect(v.answersFrom).toMatchObject({ testName: 'Books the first free slot' });
    expect(tryStartInput(v, { problems: [] })).toMatchObject({
      tool_mocks: [{ tool: 'find_slots', response: { first_slot: 'Tuesday' } }],
      dynamic_variables: { clinic: 'Maple' },
    });
  });
});
