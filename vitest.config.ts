import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 10 s for a page to show what it should (vitest's default of 1 s is shorter than a
    // Chromium render on a loaded 2-core CI machine: a suite-editor check failed that way once)
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // 2-core machines: llama.cpp tests are CPU-bound; keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
