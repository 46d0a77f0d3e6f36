import { main } from '../../src-main/cli/main.js';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real CLI (`main`, the same code `bin/parley.mjs` runs) in this process with its standard output
 * and error captured: for tests that call many commands in a row, where a process per command (a TypeScript
 * load each) would cost seconds apiece. Tests of the process boundary itself (exit codes of the binary,
 * signals, pipes) spawn bin/parley.mjs instead.
 */
export async function parleyInProcess(...args: string[]): Promise<CliOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const writeOut = process.stdout.write;
  const writeErr = process.stderr.write;
  const savedExit = process.exitCode;
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  process.exitCode = undefined;
  try {
    const code = await main(['node', 'parley', ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
    process.exitCode = savedExit;
  }
}
