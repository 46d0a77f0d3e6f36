import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { parsePersonaMarkdown } from '../../formats/suites/persona-markdown.js';
import { Persona } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { FileRefusal, readImportText } from '../../app/index.js';
import { printJson, printTable, shortDate } from '../output.js';
import { useStore, withDbOption } from '../store-option.js';

/** A persona file: Retell-style markdown (.md/.txt) or a Parley persona JSON object. */
function readPersona(file: string): Persona {
  if (!fs.existsSync(file)) throw new CliError(`${file}: no such file`);
  let text: string;
  try {
    text = readImportText(file); // fstat first, within the 10 MB import limit
  } catch (e) {
    if (e instanceof FileRefusal) throw new CliError(e.message);
    throw e;
  }
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  if (!/\.json$/i.test(file)) return parsePersonaMarkdown(name, text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CliError(`${file}: (top level): expected valid JSON (${(e as Error).message})`);
  }
  const parsed = Persona.safeParse(data);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new CliError(
      `${file}: ${i.path.join('.') || '(top level)'}: ${i.message}; expected a persona ({"name", "identity", "goal", "personality", "behaviours"}, see docs/test-format.md)`,
    );
  }
  return parsed.data;
}

export function registerPersonas(program: Command): void {
  const personas = program
    .command('personas')
    .description('list and import library personas (for tests and persona x scenario runs: parley run --persona)');

  withDbOption(personas.command('list').description('list the persona library').option('--json', 'print JSON')).action(
    (opts: { db?: string; json?: boolean }) =>
      useStore(opts, (store) => {
        const list = store.personas.list();
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
    useStore(opts, (store) => {
      const read = files.map(readPersona); // every file is checked before anything is stored
      const saved = store.transaction(() => read.map((p) => store.personas.create(p, p.name)));
      if (opts.json) return printJson(saved.map((d) => ({ id: d.id, name: d.name })));
      for (const d of saved) process.stdout.write(`Imported persona ${d.name} (${d.id})\n`);
    }),
  );
}
