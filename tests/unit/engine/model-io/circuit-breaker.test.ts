import { describe, expect, it } from 'vitest';
import type { ModelCall, Result } from '../../../../src-shared/schemas/index.js';
import { CircuitBreaker, setupFailureOf } from '../../../../src-main/engine/model-io/circuit-breaker.js';

const call = (
  error_code?: string,
  endpoint = 'http://127.0.0.1:1/v1',
  role: ModelCall['role'] = 'agent',
): ModelCall => ({
  role,
  purpose: 'chat',
  tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
  ms: 1,
  endpoint,
  ...(error_code ? { error_code } : {}),
});
type R = Pick<Result, 'status' | 'model_calls' | 'error'>;
const errored = (code: string, endpoint?: string): R => ({
  status: 'error',
  error: `agent model openai:x (chat) failed: ${code}`,
  model_calls: [call(), call(code, endpoint)],
});
const passed: R = { status: 'pass', error: null, model_calls: [call()] };

describe('CircuitBreaker', () => {
  it('trips on the third conversation in a row failing the same set-up way on the same endpoint', () => {
    const b = new CircuitBreaker(3, (role) => `${role} model openai:x`);
    expect(b.record(errored('unauthorized'))).toBeUndefined();
    expect(b.record(errored('unauthorized'))).toBeUndefined();
    expect(b.record(errored('unauthorized'))).toBe(
      'stopped after 3 conversations in a row failed the same way (the server rejected the credentials at http://127.0.0.1:1/v1): agent model openai:x (chat) failed: unauthorized. What to do: set a valid API key and resume the run. Finished conversations are kept.',
    );
  });

  it('a conversation that ends otherwise, another kind or another endpoint starts the count again', () => {
    const b = new CircuitBreaker(2);
    expect(b.record(errored('connection_refused'))).toBeUndefined();
    expect(b.record(passed)).toBeUndefined();
    expect(b.record(errored('connection_refused'))).toBeUndefined();
    expect(b.record(errored('model_not_found'))).toBeUndefined();
    expect(b.record(errored('model_not_found', 'http://other/v1'))).toBeUndefined();
    expect(b.record(errored('model_not_found', 'http://other/v1'))).toMatch(
      /^stopped after 2 .*the model was not found at http:\/\/other\/v1/,
    );
  });

  it('errors that are not set-up failures (bad output, a context overflow, a graph error) never trip it', () => {
    const b = new CircuitBreaker(1);
    expect(b.record(errored('bad_output'))).toBeUndefined();
    expect(b.record(errored('context_overflow'))).toBeUndefined();
    expect(b.record({ status: 'error', error: 'transition loop', model_calls: [call()] })).toBeUndefined();
    expect(setupFailureOf(errored('server_error'))).toBeUndefined();
    expect(setupFailureOf(errored('unauthorized'))?.kind).toBe('unauthorized');
  });
});
