/** An error the CLI prints as one line and exits with `exitCode` (2 = usage or setup error). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
