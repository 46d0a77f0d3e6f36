import { describe, expect, it } from 'vitest';
import { redactUrlsDeep, redactUrlsIn } from '../../../../src-shared/text/redact.js';

describe('redactUrlsIn: URLs inside text without their secrets', () => {
  it.each([
    ['openai:m@http://127.0.0.1:9/v1?api_key=KEY123456&x=1', 'KEY123456'],
    ['openai:m@http://someone:KEY123456@h:1/v1,http://h2/v1;c=4', 'KEY123456'],
    ['http://h/v1?token=KEY123456', 'KEY123456'],
    ['judge model openai:m@http://h/v1?client_secret=KEY123456: connection refused', 'KEY123456'],
    ['http://[::1]:8080/v1?access_token=KEY123456', 'KEY123456'],
  ])('%s', (text, secret) => {
    const once = redactUrlsIn(text);
    expect(once).not.toContain(secret);
    expect(once).toContain('redacted');
    expect(redactUrlsIn(once), 'the same once stored and read back').toBe(once);
  });

  it('leaves URLs without secrets and other words as written', () => {
    for (const text of ['see https://Example.com/a?b=c.', 'openai:m@http://h2/v1;c=4', 'pk_sequence sk-learn'])
      expect(redactUrlsIn(text)).toBe(text);
  });

  it('redactUrlsDeep: every string and key of a document; "__proto__" stays an own key', () => {
    const doc = JSON.parse(
      '{"spec":{"endpoints":["http://u:KEY123456@h/v1"],"endpoint_options":{"http://h/v1?api_key=KEY123456":{"c":1}}},"__proto__":{"x":1}}',
    );
    const out = redactUrlsDeep(doc);
    expect(JSON.stringify(out)).not.toContain('KEY123456');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toContain('__proto__');
  });
});
