import { performance } from 'node:perf_hooks';

/** Times `fn` `n` times; returns median and p95 in ms. */
export async function timeIt(n: number, fn: () => unknown): Promise<{ median: number; p95: number; max: number }> {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  xs.sort((a, b) => a - b);
  return { median: xs[Math.floor(n / 2)], p95: xs[Math.min(n - 1, Math.floor(n * 0.95))], max: xs[n - 1] };
}

export interface Check {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}

/** Prints the figures as a markdown table and exits non-zero when a target is missed. */
export function report(title: string, checks: Check[]): void {
  process.stdout.write(`\n### ${title}\n\n| figure | value | target | ok |\n|---|---|---|---|\n`);
  for (const c of checks)
    process.stdout.write(
      `| ${c.name} | ${c.value.toFixed(c.value < 10 ? 2 : 1)} ${c.unit} | ${c.target} | ${c.ok ? 'yes' : 'NO'} |\n`,
    );
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}
