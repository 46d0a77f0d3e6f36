import { describe, expect, it } from 'vitest';
import { endpointProblems } from '../../../../src-renderer/features/models/endpoint-settings.js';
import { fromInfo } from '../../../../src-renderer/features/models/model-spec.js';
import { ModelSpec } from '../../../../src-shared/schemas/index.js';

const settings = (options: Record<string, number> | undefined) => ({
  ollama_endpoints: [],
  openai_endpoints: [{ name: 'GPU box', base_url: 'http://gpu1:8080/v1', has_key: false, options }],
});

describe('endpoint limits on the Models page', () => {
  it('a model picked from an endpoint carries its limits in the spec the run gets', () => {
    const spec = fromInfo(
      {
        provider: 'openai',
        name: 'qwen2.5',
        spec: 'openai:qwen2.5@http://gpu1:8080/v1',
        endpoint: 'http://gpu1:8080/v1',
      },
      settings({ concurrency: 4, rpm: 600 }).openai_endpoints,
    );
    expect(ModelSpec.parse(spec)).toMatchObject({
      endpoints: ['http://gpu1:8080/v1'],
      endpoint_options: { 'http://gpu1:8080/v1': { concurrency: 4, rpm: 600 } },
    });
    // without limits: no endpoint_options at all
    expect(
      fromInfo(
        { provider: 'openai', name: 'q', spec: 'openai:q@http://gpu1:8080/v1', endpoint: 'http://gpu1:8080/v1' },
        settings(undefined).openai_endpoints,
      ).endpoint_options,
    ).toBeUndefined();
  });

  it('names the endpoint, the limit and what a valid value is', () => {
    expect(endpointProblems(settings({ concurrency: 4, rpm: 600, tpm: 90000 }))).toEqual([]);
    expect(endpointProblems(settings({ concurrency: 0 }))).toEqual([
      'Endpoint 1: calls at once must be a whole number from 1 to 256 (got 0).',
    ]);
    expect(endpointProblems(settings({ rpm: Number('lots') }))).toEqual([
      'Endpoint 1: requests / minute must be a number above 0 (got text).',
    ]);
    expect(endpointProblems(settings({ tpm: 1.5 }))).toEqual([
      'Endpoint 1: tokens / minute must be a whole number, at least 1 (got 1.5).',
    ]);
  });
});
