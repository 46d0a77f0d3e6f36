import { describe, expect, it } from 'vitest';
import { formatModelSpec, parseModelSpec } from '../../../src-shared/schemas/index.js';

describe('endpoint options in a model spec', () => {
  it('reads limits after each URL and writes them back', () => {
    const s = parseModelSpec('openai:m@http://a/v1;c=4;rpm=600;tpm=90000,http://b/v1;c=8;eject=5;probe=10');
    expect(s.endpoints).toEqual(['http://a/v1', 'http://b/v1']);
    expect(s.endpoint_options).toEqual({
      'http://a/v1': { concurrency: 4, rpm: 600, tpm: 90000 },
      'http://b/v1': { concurrency: 8, eject_after: 5, probe_s: 10 },
    });
    expect(formatModelSpec(s)).toBe('openai:m@http://a/v1;c=4;rpm=600;tpm=90000,http://b/v1;c=8;eject=5;probe=10');
  });

  it('leaves plain specs as they were', () => {
    expect(parseModelSpec('ollama:llama3@http://h:11434,http://g:11434').endpoint_options).toBeUndefined();
  });

  it.each([
    ['openai:m@http://a/v1;speed=3', 'endpoint http://a/v1: unknown option "speed=3" (expected c=CALLS_AT_ONCE'],
    [
      'openai:m@http://a/v1;c=0',
      'endpoint http://a/v1: option concurrency=0: expected a whole number of calls at once from 1 to 256',
    ],
    ['openai:m@http://a/v1;c=2.5', 'option concurrency=2.5: expected a whole number'],
    ['openai:m@http://a/v1;rpm=-1', 'option rpm=-1: expected a number of requests per minute, at least 1'],
    ['openai:m@http://a/v1;rpm=0.0000001', 'option rpm=1e-7: expected a number of requests per minute, at least 1'],
    ['openai:m@http://a/v1;tpm=1', 'option tpm=1: expected a whole number of tokens per minute, at least 1,000'],
    ['openai:m@http://a/v1;tpm=', 'option tpm="": expected a whole number of tokens per minute'],
    ['openai:m@;c=2', 'endpoint ";c=2" has options but no URL'],
  ])('%s is refused with a message naming the spec and the endpoint', (spec, message) => {
    expect(() => parseModelSpec(spec)).toThrow(`model spec "${spec}": `);
    expect(() => parseModelSpec(spec)).toThrow(message);
  });
});
