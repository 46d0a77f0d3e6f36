import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // 2-core machines: llama.cpp tests are CPU-bound; keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
