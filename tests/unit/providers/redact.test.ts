import { describe, expect, it } from 'vitest';
import { redact, redactUrl, registerSecret } from '../../../src-main/providers/shared/redact.js';
import { providerError } from '../../../src-main/providers/shared/errors.js';
import { httpStatusError } from '../../../src-main/providers/shared/http.js';

const FAKE = 'sk-test-FAKEKEY-0123456789abcdefghij';

describe('redact', () => {
  it('removes a registered secret, also when only its ends are echoed', () => {
    registerSecret(FAKE);
    const out = redact(`key=${FAKE} and partial ${FAKE.slice(0, 8)}...${FAKE.slice(-8)}`);
    expect(out).not.toContain(FAKE);
    expect(out).not.toContain(FAKE.slice(-8));
    expect(out).toContain('[redacted]');
  });

  it('removes bearer tokens and key-shaped strings it was not told about', () => {
    const out = redact('Authorization: Bearer abcdefghijklmnop123 and sk-proj-ZZZZZZZZZZZZ and gsk_abcdefghijk');
    expect(out).not.toMatch(/abcdefghijklmnop123|ZZZZZZZZZZZZ|gsk_abcdefghijk/);
  });

  it('redacts URL credentials and key query parameters', () => {
    const out = redactUrl('https://user:pw@example.com/v1?api_key=secret123456&x=1');
    expect(out).not.toContain('pw@');
    expect(out).not.toContain('secret123456');
    expect(out).toContain('x=1');
  });

  it('errors built from server bodies never contain the key', () => {
    const key = 'sk-live-SECRET-abcdef0123456789XYZ';
    const body = JSON.stringify({ error: { message: `Incorrect API key provided: ${key}.`, code: 'invalid_api_key' } });
    const err = httpStatusError(
      { provider: 'openai', model: 'gpt-x', where: 'https://api.example.com/v1', secrets: [key] },
      401,
      body,
    );
    expect(err.code).toBe('unauthorized');
    expect(err.message).not.toContain(key);
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain(key);
    expect(err.message).toContain('openai model "gpt-x" at https://api.example.com/v1');
  });

  it('providerError redacts a key that slipped into the detail', () => {
    const key = 'sk-other-0123456789ABCDEFGHIJ';
    const e = providerError(
      { provider: 'openai', model: 'm', where: 'http://h/v1', secrets: [key] },
      'server_error',
      `boom ${key}`,
    );
    expect(e.message).not.toContain(key);
  });
});
