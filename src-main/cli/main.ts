import { Command, CommanderError } from 'commander';
import { CliError } from './errors.js';
import { commandsFor } from './commands/index.js';
import { APP_VERSION } from '../app-version.js';
import { clipLongTokens } from '../../src-shared/limits.js';
import { exitQuietlyOnClosedPipe } from './closed-pipe.js';

/** The program with the commands `argv` needs registered (each command's modules load only when it runs). */
export async function buildProgram(argv: string[]): Promise<Command> {
  const program = new Command('parley')
    .description(
      'Parley: test conversational agents offline. Import or draw an agent graph, simulate callers, run on local or cloud models, compare runs.',
    )
    .version(APP_VERSION, '-v, --version')
    // The program's own options (--version, --help) only before a command: `agents show X --version 2` is the
    // command's option, not the program's version.
    .enablePositionalOptions()
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(clipLongTokens(str.split('\n')[0]) + '\n') });
  const entries = commandsFor(argv.slice(2));
  const registers = await Promise.all(entries.map((e) => e.load()));
  for (const register of registers.flat()) register(program);
  // Subcommands inherit exit override and the one-line error output.
  const propagate = (cmd: Command) => {
    for (const sub of cmd.commands) {
      sub
        .exitOverride()
        .configureOutput({ outputError: (str, write) => write(clipLongTokens(str.split('\n')[0]) + '\n') });
      propagate(sub);
    }
  };
  propagate(program);
  return program;
}

/** Runs the CLI; returns the exit code (0 ok, 1 failed tests/errors in input, 2 usage or setup error). */
export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe();
  const program = await buildProgram(argv);
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
        return 0;
      const cmdName = argv.slice(2).find((a) => !a.startsWith('-'));
      const sub = program.commands.find((c) => c.name() === cmdName);
      process.stderr.write(
        `Usage: parley ${sub ? `${sub.name()} ${sub.usage()}` : program.usage()}  (see parley ${sub ? sub.name() + ' ' : ''}--help)\n`,
      );
      return 2;
    }
    if (e instanceof CliError) {
      process.stderr.write(`parley: ${clipLongTokens(e.message)}\n`);
      return e.exitCode;
    }
    const err = e as Error & { file?: string };
    process.stderr.write(`parley: ${clipLongTokens(err.message ?? String(e))}\n`);
    if (process.env.PARLEY_DEBUG) process.stderr.write(String(err.stack) + '\n');
    return 2;
  }
}
