import type { Command } from 'commander';
import { formatMatrixText } from '../text/format-matrix.js';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

export function registerCompare(program: Command): void {
  withDbOption(
    program
      .command('compare <runs...>')
      .description(
        'N-way comparison of one suite over several runs (models, quantizations, agent versions): tests x runs matrix and per-run totals',
      )
      .option('--json', 'print the matrix as JSON'),
  ).action((ids: string[], opts: { db?: string; json?: boolean }) =>
    useApp(
      opts,
      async (_app, door) => {
        if (ids.length < 2) throw new CliError('compare: give at least two runs (parley runs list shows them)');
        const m = await door.call('compare.matrix', { runs: ids });
        if (opts.json) printJson(m);
        else process.stdout.write(formatMatrixText(m));
      },
      { runs: '' },
    ),
  );
}
