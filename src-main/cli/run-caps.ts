import type { RunOptions, TestSuite } from '../../src-shared/schemas/index.js';
import { runOptionIssues, runSizeIssue, type RunSizeIssue } from '../engine/run/run-size.js';
import { CliError } from './errors.js';

/** The `parley run` flag behind each capped run option. */
const FLAGS: Record<string, string> = {
  'options.repeats': '--repeat',
  'options.max_turns': '--max-turns',
  'options.judge_repeats': '--judge-repeats',
  'options.concurrency': '--concurrency',
  'options.personas': '--persona',
  'options.tests': '--tests',
};

const cliError = (issue: RunSizeIssue) => new CliError(`${FLAGS[issue.path] ?? issue.path}: ${issue.message}`);

/** The run flags against the caps every door shares (src-shared/limits.ts), before anything is loaded. */
export function checkRunFlags(options: Partial<RunOptions>): void {
  const issue = runOptionIssues(options)[0];
  if (issue) throw cliError(issue);
}

/** The run's size (tests x repeats x personas) against the cap, before anything is planned. */
export function checkRunSize(suite: TestSuite, options: Partial<RunOptions>): void {
  const issue = runSizeIssue(suite, options);
  if (issue) throw cliError(issue);
}

/** `--force` only means something with `--resume` (it takes over a run another process holds). */
export function checkForceFlag(opts: { force?: boolean; resume?: string }): void {
  if (opts.force && !opts.resume)
    throw new CliError('--force: only applies with --resume RUN (it takes over a run a hung process still holds)');
}
