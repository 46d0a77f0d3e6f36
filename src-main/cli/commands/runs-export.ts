import fs from 'node:fs';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { info } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

/** `parley runs export <run> --format json|junit [-o FILE]`, added to the existing `runs` command. */
export function registerRunsExport(program: Command): void {
  let runs = program.commands.find((c) => c.name() === 'runs');
  if (!runs) runs = program.command('runs').description('list and show stored runs');
  withDbOption(
    runs
      .command('export <run>')
      .description('export a run losslessly as JSON ({schema, version, run, suite, results}) or as JUnit XML for CI')
      .option('--format <format>', 'json or junit', 'json')
      .option('-o, --output <file>', 'write to this file instead of stdout'),
  ).action((id: string, opts: { db?: string; format: string; output?: string }) =>
    useApp(opts, async (_app, door) => {
      if (opts.format !== 'json' && opts.format !== 'junit')
        throw new CliError(`--format: expected json or junit, got "${opts.format}"`);
      const out = await door.call('runs.export', { id, format: opts.format });
      const { text } = out;
      if (!opts.output) {
        process.stdout.write(text);
        return;
      }
      try {
        fs.writeFileSync(opts.output, text);
      } catch (e) {
        throw new CliError(`${opts.output}: cannot write: ${(e as Error).message}`);
      }
      info(
        `Wrote ${opts.format === 'junit' ? 'JUnit XML' : 'JSON'} of run ${id} (${out.results} results) to ${opts.output}`,
      );
    }),
  );
}
