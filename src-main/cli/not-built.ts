import type { Command } from 'commander';
import { CliError } from './errors.js';

/**
 * Registers a command that exists in the design but is not built yet: it says so plainly and exits 2,
 * rather than pretending to work. Replaced by the real module when the feature lands.
 */
export function registerNotBuilt(program: Command, name: string, description: string, issue: string): void {
  program
    .command(name)
    .description(`${description} [not built yet]`)
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new CliError(`parley ${name.split(' ')[0]}: not built yet in this version (${issue}).`, 2);
    });
}
