import type { Command } from 'commander';
import { hasRegression } from '../../app/index.js';
import { plural } from '../../../src-shared/text/plural.js';
import { formatDiffText } from '../text/format-diff.js';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

export function parseAlpha(v: string | undefined): number {
  if (v === undefined) return 0.05;
  const x = Number(v);
  if (!Number.isFinite(x) || x <= 0 || x >= 1)
    throw new CliError(`--alpha: expected a number between 0 and 1, got "${v}"`);
  return x;
}

export function registerDiff(program: Command): void {
  withDbOption(
    program
      .command('diff <runA> <runB>')
      .description(
        'compare run B against baseline run A: per test status changes (noise-aware with repeats), metric deltas, path divergences, transcript differences. Exits 0 even when tests regressed, unless --fail-on-regression is given',
      )
      .option('--json', 'print the comparison as JSON')
      .option('--fail-on-regression', 'exit 1 when a test regressed (significantly, or without repeats)')
      .option('--alpha <p>', "significance level for Fisher's exact test on repeats", '0.05'),
  ).action((a: string, b: string, opts: { db?: string; json?: boolean; failOnRegression?: boolean; alpha?: string }) =>
    useApp(opts, async (_app, door) => {
      const alpha = parseAlpha(opts.alpha);
      const d = await door.call('compare.diff', { a, b, alpha });
      if (opts.json) printJson(d);
      else {
        process.stdout.write(formatDiffText(d));
        // a change on a metric whose judge flips may be the judge, not the agent
        for (const [label, id] of [
          ['A', d.a.id],
          ['B', d.b.id],
        ] as const)
          for (const u of (await door.call('runs.judgements', { id })).unstable)
            process.stdout.write(`WARNING run ${label}: ${u}\n`);
      }
      const regressed = hasRegression(d);
      if (regressed) {
        const n = d.tests.filter((t) => t.change === 'regressed' && t.significant !== false).length;
        process.stderr.write(
          `${plural(n, 'test')} regressed: ${opts.failOnRegression ? 'exit code 1' : 'exit code 0 (add --fail-on-regression to exit 1)'}\n`,
        );
      }
      if (opts.failOnRegression && regressed) process.exitCode = 1;
    }),
  );
}
