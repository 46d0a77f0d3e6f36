import { describe, expect, it } from 'vitest';
import { modelsLine } from '../../../../src-main/cli/text/models-text.js';
import { ModelSpec } from '../../../../src-shared/schemas/index.js';

const role = (spec: Parameters<typeof ModelSpec.parse>[0]) => ({ spec: ModelSpec.parse(spec) });

describe("the models line of a run's human report", () => {
  it('one model for every role, with the parameters that were set and a file by its name', () => {
    expect(
      modelsLine({
        agent: role({
          provider: 'llama-cpp',
          model: '/models/qwen2.5-1.5b.gguf',
          params: { temperature: 0.4, seed: 9 },
        }),
      }),
    ).toBe('models  llama-cpp:qwen2.5-1.5b.gguf (temperature 0.4, seed 9) (agent, caller and judge)');
  });

  it('each role named when they differ; "the same" where a role shares the agent model', () => {
    const agent = role({
      provider: 'openai',
      model: 'tiny',
      endpoints: ['http://gpu1:8080/v1'],
      params: { temperature: 0.8 },
    });
    expect(
      modelsLine({
        agent,
        caller: agent,
        judge: role({ provider: 'openai', model: 'gpt-4o-mini', endpoints: ['https://api.openai.com/v1'] }),
      }),
    ).toBe(
      'models  agent openai:tiny at http://gpu1:8080/v1 (temperature 0.8); caller the same; judge openai:gpt-4o-mini at https://api.openai.com/v1',
    );
    expect(modelsLine({})).toBe('models  (not recorded)');
  });
});
