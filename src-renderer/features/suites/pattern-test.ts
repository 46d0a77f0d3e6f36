import { parsePattern } from '../../../src-shared/rules/regex-pattern.js';

export interface PatternHit {
  line: number;
  start: number;
  end: number;
}
export type PatternOutcome = { hits: PatternHit[] } | { error: string } | { timeout: true };

/** Tests a pattern against sample lines (one transcript turn per line) in a worker with a time limit. */
export function testPatternInWorker(pattern: string, lines: string[], timeoutMs = 500): Promise<PatternOutcome> {
  const { source, flags } = parsePattern(pattern);
  const worker = new Worker(new URL('./regex-worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ timeout: true });
    }, timeoutMs);
    worker.onmessage = (e: MessageEvent<{ hits?: PatternHit[]; error?: string }>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(e.data.error !== undefined ? { error: e.data.error } : { hits: e.data.hits ?? [] });
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ error: e.message || 'the pattern could not run' });
    };
    worker.postMessage({ id: 1, source, flags, lines });
  });
}
