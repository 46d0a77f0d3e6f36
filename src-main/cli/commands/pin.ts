import type { Command } from 'commander';
import { addToSuiteFile } from '../../app/index.js';
import { CliError } from '../errors.js';
import { intFlag } from '../flags.js';
import { useApp, withDbOption } from '../use-app.js';

interface Opts {
  db?: string;
  result: string;
  turn: string;
  output?: string;
  suite?: string;
}

/** Request fields -> this command's spellings. */
const FLAGS = {
  run: '',
  result: '--result',
  turn: '--turn',
  suite: '--suite',
  output: '-o',
  run_id: '',
  result_id: '--result',
  suite_id: '--suite',
};

/**
 * `parley pin RUN --result ID --turn N [-o FILE | --suite NAME]`: a stored agent turn as a checkpoint test
 * (issue 34): the history before it, the node and variables the engine had, and what happened as expectation.
 * Printed as JSON, added to a suite file (-o), or to a stored suite (--suite).
 */
export function registerPin(program: Command): void {
  withDbOption(
    program
      .command('pin <run>')
      .description('make a checkpoint test from an agent turn of a stored result (docs/test-format.md)')
      .requiredOption('--result <id>', 'the result (runs show RUN lists them)')
      .requiredOption('--turn <n>', 'the agent turn, numbered from 1 as on the result page')
      .option('-o, --output <file>', 'add the test to this suite file (created when missing)')
      .option('--suite <suite>', 'add the test to this stored suite (id or unique name)'),
  ).action((run: string, opts: Opts) => {
    if (opts.output && opts.suite) throw new CliError('give -o FILE or --suite NAME, not both');
    const turn = intFlag('--turn', opts.turn)!;
    return useApp(
      opts,
      async (_app, door) => {
        // runs.pin, as the run page's "Make a test from this turn"; with --suite it also adds the test there
        const { test, notes, added } = await door.call('runs.pin', {
          run_id: run,
          result_id: opts.result,
          turn,
          suite_id: opts.suite,
        });
        for (const n of notes) process.stderr.write(`note: ${n}\n`);
        if (added) {
          process.stdout.write(`added checkpoint test "${added.name}" to suite ${added.suite_id}\n`);
        } else if (opts.output) {
          const written = addToSuiteFile(opts.output, test);
          process.stdout.write(
            `${written.created ? 'wrote' : 'added'} checkpoint test "${written.name}" ${written.created ? 'to new file' : 'to'} ${opts.output}\n`,
          );
        } else process.stdout.write(`${JSON.stringify(test, null, 2)}\n`);
      },
      FLAGS,
    );
  });
}
