import type { Command } from 'commander';
import { AppError } from '../../app/index.js';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

export function registerBackup(program: Command): void {
  withDbOption(
    program
      .command('backup <file>')
      .description("copy the database to FILE with SQLite's online backup (safe while Parley is running)")
      .option('--force', 'overwrite FILE if it exists')
      .option('--json', 'print JSON'),
  ).action((file: string, opts: { db?: string; force?: boolean; json?: boolean }) =>
    useApp(opts, async (_app, door) => {
      let out;
      try {
        out = await door.call('app.backup', { file, force: !!opts.force });
      } catch (e) {
        // the file exists and --force was not given
        if (e instanceof AppError && e.error.code === 'conflict' && e.error.path === 'force')
          throw new CliError(`${e.message}; pass --force to overwrite it`);
        throw e;
      }
      if (opts.json) printJson({ source: out.source, backup: out.path, bytes: out.bytes });
      else process.stdout.write(`Backed up ${out.source} to ${out.path} (${out.bytes} bytes)\n`);
    }),
  );
}
