/** The flags `parley diagnose` and `parley fix` share: what to aim at and the model that diagnoses. */
import type { Command } from 'commander';
import type { FixSubject, ModelSpec } from '../../src-shared/schemas/index.js';
import { CliError } from './errors.js';
import { specFromFlags } from './model-flags.js';

export interface SubjectFlags {
  test?: string;
  all?: boolean;
  group?: string;
  result?: string;
  judgeModel?: string;
  judgeParams?: string;
}

/** The application input paths of these flags (for error messages). */
export const FIX_FLAGS: Record<string, string> = {
  test: '--test',
  group: '--group',
  result_id: '--result',
  judge: '--judge-model',
  max_iterations: '--max-iterations',
  repeats: '--repeat',
};

export function withSubjectFlags(cmd: Command): Command {
  return cmd
    .option('--test <name>', 'the failed test to aim at')
    .option('--all', 'every failed test of the run (holdout tests are never included)')
    .option('--group <n>', "the run's failure group number n (as `parley runs show` lists them)")
    .option('--result <id>', 'one failed conversation (result id)')
    .option('--judge-model <spec>', "the model that diagnoses and proposes (default: the run's judge model)")
    .option('--judge-params <k=v,...>', "with --judge-model: that model's parameters");
}

/** A whole number from a flag, or a usage error naming it. */
export function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw new CliError(`${flag}: expected a whole number, got "${text}"`);
  return Number(text);
}

export function subjectFromFlags(o: SubjectFlags): { subject: FixSubject; judge?: ModelSpec } {
  const group = wholeNumber('--group', o.group);
  if (group !== undefined && group < 1) throw new CliError(`--group: expected a group number from 1, got "${o.group}"`);
  if (o.judgeParams && !o.judgeModel) throw new CliError('--judge-params goes with --judge-model SPEC');
  const judge = o.judgeModel
    ? specFromFlags({ flag: '--judge-model', value: o.judgeModel }, { flag: '--judge-params', text: o.judgeParams })
    : undefined;
  const subject: FixSubject = {
    ...(o.test !== undefined ? { test: o.test } : {}),
    ...(o.all ? { all: true } : {}),
    ...(group !== undefined ? { group } : {}),
    ...(o.result !== undefined ? { result_id: o.result } : {}),
  };
  if (Object.keys(subject).length > 1) throw new CliError('give one of --test NAME, --all, --group N or --result ID');
  return { subject, judge };
}
