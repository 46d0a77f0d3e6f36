import { describe, expect, it } from 'vitest';
import { EndpointReport, mergeEndpointStats } from '../../../../src-main/engine/model-io/endpoint-report.js';
import type { EndpointStats } from '../../../../src-main/providers/shared/endpoint-pool.js';
import type { ChatModel } from '../../../../src-main/providers/types.js';
import type { EndpointStatsRecord } from '../../../../src-shared/schemas/index.js';

const stat = (o: Partial<EndpointStats>): EndpointStats => ({
  endpoint: 'http://a/v1',
  concurrency: 2,
  calls: 0,
  in_flight: 0,
  errors: 0,
  rate_limited: 0,
  ejections: 0,
  ejected: false,
  mean_latency_ms: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  ...o,
});

describe('EndpointReport', () => {
  it('counts from the run start (a model serves several runs) and skips in-process models', () => {
    let now = [stat({ calls: 10, errors: 2, mean_latency_ms: 100, prompt_tokens: 50 })];
    const http = {
      spec: { provider: 'openai', model: 'm', params: {} },
      endpointStats: () => now,
    } as unknown as ChatModel;
    const local = { spec: { provider: 'llama-cpp', model: 'x.gguf', params: {} } } as unknown as ChatModel;
    const r = new EndpointReport([http, local, http]);
    expect(r.any).toBe(true);
    now = [stat({ calls: 14, errors: 3, mean_latency_ms: 125, prompt_tokens: 90, in_flight: 1 })];
    // 4 new calls: (14*125 - 10*100) / 4 = 187.5
    expect(r.snapshot()).toEqual([
      expect.objectContaining({
        model: 'openai:m',
        calls: 4,
        errors: 1,
        prompt_tokens: 40,
        in_flight: 1,
        mean_latency_ms: 188,
      }),
    ]);
    expect(new EndpointReport([local]).any).toBe(false);
  });
});

describe('mergeEndpointStats', () => {
  it('adds the shards of one endpoint and weighs their latency by calls', () => {
    const rec = (o: Partial<EndpointStatsRecord>): EndpointStatsRecord => ({ ...stat({}), model: 'openai:m', ...o });
    const merged = mergeEndpointStats([
      [rec({ calls: 3, mean_latency_ms: 100, errors: 1 }), rec({ endpoint: 'http://b/v1', calls: 1 })],
      null,
      [rec({ calls: 1, mean_latency_ms: 300, ejections: 1, ejected: true })],
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ calls: 4, errors: 1, ejections: 1, ejected: false, mean_latency_ms: 150 });
  });
});
