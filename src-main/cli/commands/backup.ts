import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
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
    useApp(opts, async ({ store }) => {
      const dest = path.resolve(file);
      if (dest === path.resolve(store.file)) throw new CliError('backup file must differ from the database itself');
      if (fs.existsSync(dest) && !opts.force) throw new CliError(`${dest} exists; pass --force to overwrite it`);
      if (fs.existsSync(dest)) fs.rmSync(dest);
      await store.backup(dest);
      const bytes = fs.statSync(dest).size;
      if (opts.json) printJson({ source: store.file, backup: dest, bytes });
      else process.stdout.write(`Backed up ${store.file} to ${dest} (${bytes} bytes)\n`);
    }),
  );
}
