import { describe, expect, it } from 'vitest';
import {
  chooseNumCtx,
  DEFAULT_CHARS_PER_TOKEN,
  estimateTokens,
  learnCharsPerToken,
  learnOutputCharsPerToken,
} from '../../../src-main/providers/ollama/num-ctx.js';

describe('num_ctx', () => {
  it('estimates ~3.5 chars per token plus per-message overhead', () => {
    const n = estimateTokens([
      { role: 'system', content: 'x'.repeat(350) },
      { role: 'user', content: 'y'.repeat(35) },
    ]);
    expect(n).toBe(110 + 16);
  });

  it('is at least 4096 (or the configured size)', () => {
    expect(chooseNumCtx(100, 256)).toBe(4096);
    expect(chooseNumCtx(100, 256, { base: 8192 })).toBe(8192);
  });

  it('grows in powers of two to fit prompt + reply + margin', () => {
    expect(chooseNumCtx(5000, 512)).toBe(8192);
    expect(chooseNumCtx(9000, 512)).toBe(16384);
  });

  it('never shrinks below the previous value (avoids model reloads)', () => {
    expect(chooseNumCtx(100, 100, { previous: 16384 })).toBe(16384);
  });

  it('is capped by the model context length', () => {
    expect(chooseNumCtx(9000, 512, { modelMax: 12000 })).toBe(12000);
  });

  it("learns a model's characters per token from the evaluated counts: the smallest ratio seen, never above the default", () => {
    let r = 3.5;
    r = learnCharsPerToken(r, 4000, 1000); // a cached prefix: 4 chars per evaluated token says little
    expect(r).toBe(3.5);
    r = learnCharsPerToken(r, 4000, 2000); // nothing cached on a byte-level vocabulary
    expect(r).toBe(2);
    r = learnCharsPerToken(r, 4000, 1); // everything cached: ignored
    expect(r).toBe(2);
    expect(learnCharsPerToken(r, 0, 0)).toBe(2);
    expect(estimateTokens([{ role: 'user', content: 'x'.repeat(372) }], undefined, '', r)).toBe((372 + 28) / 2);
  });
});

describe('learnOutputCharsPerToken (what a model writes, for structured max_tokens on Ollama and OpenAI-compatible servers)', () => {
  it('learns from answers of 16 tokens or more, keeps the smallest ratio, and is undefined until then', () => {
    expect(learnOutputCharsPerToken(undefined, 'short', 3)).toBeUndefined();
    expect(learnOutputCharsPerToken(undefined, 'x'.repeat(32), 32)).toBe(1);
    expect(learnOutputCharsPerToken(1, 'x'.repeat(400), 100)).toBe(1);
    expect(learnOutputCharsPerToken(undefined, 'x'.repeat(400), 100)).toBe(DEFAULT_CHARS_PER_TOKEN);
    expect(learnOutputCharsPerToken(2, '', 40)).toBe(2);
  });
});
