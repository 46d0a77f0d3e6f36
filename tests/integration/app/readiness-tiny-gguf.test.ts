/**
 * The readiness check on the tiny random-weight GGUF through the llama-cpp provider (threads 1):
 * the MECHANICS only (every task runs through the real grammar-constrained calls, output validity
 * and speed are measured, the report is stored). The tiny model's accuracy is gibberish-level and is
 * NOT a product figure: nothing here asserts it beyond its bounds.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore } from '../../../src-main/store/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

describe('readiness check on the tiny GGUF', () => {
  it('runs the judge and caller tasks through llama.cpp, measures validity and speed, stores the report', async () => {
    const gguf = await ensureTinyGguf();
    const tmp = tempDir();
    const store = openStore(tempDbPath(tmp.dir));
    const registry = createProviderRegistry();
    try {
      const app = createApp(store, () => registry);
      const seen: number[] = [];
      const report = await app.readiness.check(
        { model: { provider: 'llama-cpp', model: gguf, params: { threads: 1 } }, roles: ['judge', 'caller'] },
        { onProgress: (done) => seen.push(done) },
      );
      expect(seen).toEqual(Array.from({ length: 31 }, (_, i) => i));
      expect(report.families.map((f) => [f.family, f.total])).toEqual([
        ['judging', 20],
        ['caller', 10],
      ]);
      // grammar-constrained: every reply parses and fits its schema, even from random weights
      expect(report.families.map((f) => f.valid)).toEqual([20, 10]);
      expect(report.items.every((i) => !i.error)).toBe(true);
      for (const f of report.families) expect(f.correct).toBeLessThanOrEqual(f.total);
      expect(report.identity?.provider).toBe('llama-cpp');
      expect(report.speed.calls).toBeGreaterThanOrEqual(30);
      expect(report.speed.completion_tokens).toBeGreaterThan(0);
      expect(report.speed.tokens_per_s).toBeGreaterThan(0);
      // node-llama-cpp streams grammar output, so the first token is measured
      expect(report.speed.first_token_ms).toBeGreaterThan(0);
      expect(report.verdicts.map((v) => v.family)).toEqual(['judging', 'caller']);
      expect(store.modelChecks.list(report.model)).toEqual([report]);
    } finally {
      await registry.close();
      store.close();
      tmp.cleanup();
    }
  }, 240_000);
});
