import type { Command } from 'commander';
import { PROJECT_FILE_NAME, writeProjectFile } from '../../app/index.js';
import { asCli } from '../errors.js';

/** `parley init`: writes parley.config.json here, with the bundled example filled in so `parley run` runs at once. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description(
      `write ${PROJECT_FILE_NAME} in this folder (the bundled example agent, tests and scripted model) so parley run needs no flags`,
    )
    .option('--force', `replace an existing ${PROJECT_FILE_NAME}`)
    .action(async (opts: { force?: boolean }) => {
      const { file, replaced } = await asCli(() => writeProjectFile(process.cwd(), { force: opts.force }));
      process.stdout.write(
        `${replaced ? 'Replaced' : 'Wrote'} ${file}: the bundled example (a scripted demo model, no download).\n` +
          'Run it with: parley run    (flags override the file; see docs/project-file.md)\n',
      );
    });
}
