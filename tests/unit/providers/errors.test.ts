import { describe, expect, it } from 'vitest';
import { fromNetworkError, isRetryable } from '../../../src-main/providers/shared/errors.js';
import { httpStatusError, looksLikeContextOverflow } from '../../../src-main/providers/shared/http.js';

const ctx = { provider: 'ollama' as const, model: 'llama3:8b', where: 'http://10.0.0.5:11434' };

describe('provider errors', () => {
  it('maps statuses to codes and names provider, model and URL', () => {
    const cases: Array<[number, string, string]> = [
      [401, '{"error":"bad key"}', 'unauthorized'],
      [403, 'forbidden', 'unauthorized'],
      [404, '{"error":"model \\"llama3:8b\\" not found, try pulling it first"}', 'model_not_found'],
      [429, 'slow down', 'rate_limited'],
      [400, '{"error":{"message":"This model\'s maximum context length is 8192 tokens"}}', 'context_overflow'],
      [500, 'oops', 'server_error'],
      [408, '', 'timeout'],
    ];
    for (const [status, body, code] of cases) {
      const e = httpStatusError(ctx, status, body);
      expect(e.code, `status ${status}`).toBe(code);
      expect(e.status).toBe(status);
      expect(e.message).toContain('ollama model "llama3:8b" at http://10.0.0.5:11434');
    }
  });

  it('adds the missing-model hint and the key source', () => {
    expect(
      httpStatusError(ctx, 404, '{}', undefined, { missingModelHint: 'run `ollama pull llama3:8b`' }).message,
    ).toContain('ollama pull llama3:8b');
    expect(
      httpStatusError(ctx, 401, '{}', undefined, { keySource: 'the environment variable GROQ_API_KEY' }).message,
    ).toContain('GROQ_API_KEY');
  });

  it('reads Retry-After into retryAfterMs', () => {
    const e = httpStatusError(ctx, 429, '', new Headers({ 'retry-after': '2' }));
    expect(e.retryAfterMs).toBe(2000);
  });

  it('maps ECONNREFUSED (through fetch causes) to connection_refused naming the URL', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const e = fromNetworkError(ctx, Object.assign(new TypeError('fetch failed'), { cause }));
    expect(e.code).toBe('connection_refused');
    expect(e.message).toContain('http://10.0.0.5:11434');
    expect(isRetryable(e)).toBe(false);
  });

  it('ECONNRESET and timeouts are retryable, cancellation is not', () => {
    const reset = fromNetworkError(ctx, Object.assign(new Error('x'), { cause: { code: 'ECONNRESET' } }));
    expect(reset.code).toBe('server_error');
    expect(isRetryable(reset)).toBe(true);
    const to = fromNetworkError(ctx, Object.assign(new Error('t'), { name: 'TimeoutError' }));
    expect(to.code).toBe('timeout');
    expect(isRetryable(to)).toBe(true);
    const ac = new AbortController();
    ac.abort();
    const c = fromNetworkError(ctx, new Error('aborted'), ac.signal);
    expect(c.code).toBe('cancelled');
    expect(isRetryable(c)).toBe(false);
  });

  it('recognises context overflow wording from several servers', () => {
    expect(looksLikeContextOverflow("This model's maximum context length is 4096 tokens")).toBe(true);
    expect(looksLikeContextOverflow('prompt is too long: 9000 tokens > 8192')).toBe(true);
    expect(looksLikeContextOverflow('the request exceeds the available context size, try increasing it')).toBe(true);
    expect(looksLikeContextOverflow('invalid model name')).toBe(false);
    expect(looksLikeContextOverflow('context_length_exceeded')).toBe(true);
  });
});
