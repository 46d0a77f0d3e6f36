import type { Command } from 'commander';
import { printJson, printTable, shortDate } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

export function registerPersonas(program: Command): void {
  const personas = program
    .command('personas')
    .description('list and import library personas (for tests and persona x scenario runs: parley run --persona)');

  withDbOption(personas.command('list').description('list the persona library').option('--json', 'print JSON')).action(
    (opts: { db?: string; json?: boolean }) =>
      useApp(opts, async (_app, door) => {
        const list = await door.call('personas.list', {});
        if (opts.json) return printJson(list);
        if (!list.length) {
          process.stdout.write('No personas yet. Import one: parley personas import persona.md\n');
          return;
        }
        printTable(
          ['ID', 'NAME', 'GOAL', 'UPDATED'],
          list.map((p) => [p.id, p.name, (p.data.goal || '-').slice(0, 60), shortDate(p.updated_at)]),
        );
      }),
  );

  withDbOption(
    personas
      .command('import <file...>')
      .description(
        'import personas from Retell-style markdown (## Identity / ## Goal / ## Personality) or Parley persona JSON files',
      )
      .option('--json', 'print JSON'),
  ).action((files: string[], opts: { db?: string; json?: boolean }) =>
    useApp(opts, async (_app, door) => {
      const saved = await door.call('personas.importFiles', { files });
      if (opts.json) return printJson(saved.map((d) => ({ id: d.id, name: d.name, warnings: d.warnings })));
      for (const d of saved) {
        for (const w of d.warnings) process.stderr.write(`warning: ${w}\n`);
        process.stdout.write(`Imported persona ${d.name} (${d.id})\n`);
      }
    }),
  );
}
