import { describe, expect, it } from 'vitest';
import { endpointProblems } from '../../../../src-renderer/features/models/endpoint-settings.js';
import { fromInfo } from '../../../../src-renderer/features/models/model-spec.js';
import { ModelSpec } from '../../../../src-shared/schemas/index.js';

const settings = (options: Record<string, number> | undefined, ollama: Record<string, number>[] = []) => ({
  ollama_endpoints: ['http://a:11434', 'http://b:11434/'].slice(0, ollama.length),
  ollama_endpoint_options: ollama,
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
      settings({ concurrency: 4, rpm: 600 }),
    );
    expect(ModelSpec.parse(spec)).toMatchObject({
      endpoints: ['http://gpu1:8080/v1'],
      endpoint_options: { 'http://gpu1:8080/v1': { concurrency: 4, rpm: 600 } },
    });
    // without limits: no endpoint_options at all
    expect(
      fromInfo(
        { provider: 'openai', name: 'q', spec: 'openai:q@http://gpu1:8080/v1', endpoint: 'http://gpu1:8080/v1' },
        settings(undefined),
      ).endpoint_options,
    ).toBeUndefined();
  });

  it('an Ollama URL carries its calls at once the same way, matched by URL (trailing slash or not)', () => {
    const s = settings(undefined, [{}, { concurrency: 2 }]);
    const b = fromInfo(
      { provider: 'ollama', name: 'llama3.2', spec: 'ollama:llama3.2@http://b:11434', endpoint: 'http://b:11434' },
      s,
    );
    expect(b.endpoint_options).toEqual({ 'http://b:11434': { concurrency: 2 } });
    const a = fromInfo(
      { provider: 'ollama', name: 'llama3.2', spec: 'ollama:llama3.2@http://a:11434', endpoint: 'http://a:11434' },
      s,
    );
    expect(a.endpoint_options).toBeUndefined(); // {}: the defaults
    expect(endpointProblems(settings(undefined, [{ concurrency: 300 }]))).toEqual([
      'Ollama URL 1: calls at once must be a whole number from 1 to 256 (got 300).',
    ]);
  });

  it('names the endpoint, the limit and what a valid value is', () => {
    expect(endpointProblems(settings({ concurrency: 4, rpm: 600, tpm: 90000 }))).toEqual([]);
    expect(endpointProblems(settings({ concurrency: 0 }))).toEqual([
      'Endpoint 1: calls at once must be a whole number from 1 to 256 (got 0).',
    ]);
    expect(endpointProblems(settings({ rpm: Number('lots') }))).toEqual([
      'Endpoint 1: requests / minute must be a number of requests per minute, at least 1 (got text).',
    ]);
    expect(endpointProblems(settings({ tpm: 1500.5 }))).toEqual([
      'Endpoint 1: tokens / minute must be a whole number of tokens per minute, at least 1,000 (got 1500.5).',
    ]);
    // limits that would let about one call through per minute (issue 28)
    expect(endpointProblems(settings({ rpm: 0.0000001, tpm: 1 }))).toEqual([
      'Endpoint 1: requests / minute must be a number of requests per minute, at least 1 (got 1e-7).',
      'Endpoint 1: tokens / minute must be a whole number of tokens per minute, at least 1,000 (got 1).',
    ]);
  });
});
