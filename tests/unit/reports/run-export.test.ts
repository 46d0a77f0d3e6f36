import { describe, expect, it } from 'vitest';
import { portableResult } from '../../../src-main/reports/run-export.js';
import { parsedResult } from '../../support/results.js';

describe('portableResult', () => {
  it("redacts a key in a call's endpoint stored before calls were redacted (issue 28)", () => {
    const r = parsedResult({
      model_calls: [
        {
          role: 'agent',
          purpose: 'reply',
          tokens: { prompt: 1, cached_prompt: 0, completion: 1 },
          ms: 5,
          endpoint: 'http://host/v1?api_key=sk-old-secret-123456',
        },
        { role: 'judge', purpose: 'metric', tokens: { prompt: 1, cached_prompt: 0, completion: 1 }, ms: 5 },
      ],
    });
    const out = portableResult(r);
    expect(out.model_calls[0].endpoint).toBe('http://host/v1?api_key=[redacted]');
    expect(out.model_calls[1].endpoint).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain('sk-old-secret');
  });
});
