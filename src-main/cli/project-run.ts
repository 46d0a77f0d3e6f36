/**
 * `parley run` and the project file (docs/project-file.md): the file found in the current folder or above
 * (or named with --config) gives what no flag gives; every flag overrides its part of the file.
 */
import type { Command } from 'commander';
import type { ModelSpec, RunOptions } from '../../src-shared/schemas/index.js';
import { findProjectFile, projectSpec, readProjectFile, PROJECT_FILE_NAME } from '../app/index.js';
import { asCli } from './errors.js';

export interface ProjectCliOptions {
  config?: string;
  /** commander's `--no-config`: false when given. */
  project?: boolean;
}

/** What the project file gives `parley run` (models already parsed, paths absolute). */
export interface ProjectDefaults {
  file: string;
  agent: string;
  tests: string;
  agentModels: ModelSpec[];
  caller?: ModelSpec;
  judge?: ModelSpec;
  options: Partial<RunOptions>;
}

export function withProjectFlags(cmd: Command): Command {
  return cmd
    .option(
      '--config <file>',
      `project file to read (default: ${PROJECT_FILE_NAME} in this folder or the nearest folder above; parley init writes one)`,
    )
    .option('--no-project', `ignore ${PROJECT_FILE_NAME}: only the flags say what to run`);
}

/** The project file's settings, or undefined when there is none (or --no-project). Errors name the file and path. */
export function projectDefaults(opts: ProjectCliOptions, cwd = process.cwd()): Promise<ProjectDefaults | undefined> {
  return asCli(() => {
    if (opts.project === false) return undefined;
    const file = opts.config ?? findProjectFile(cwd);
    if (!file) return undefined;
    const { file: abs, config } = readProjectFile(file);
    const caller = projectSpec(config, 'caller');
    const judge = projectSpec(config, 'judge');
    return {
      file: abs,
      agent: config.agent,
      tests: config.tests,
      agentModels: projectSpec(config, 'agent'),
      ...(caller ? { caller } : {}),
      ...(judge ? { judge } : {}),
      options: { ...config.options, ...(config.speech ? { speech: config.speech } : {}) },
    };
  });
}

/** The run options: the file's, then each flag that was given over it; the file's path recorded with the run. */
export function overProject(
  flags: Partial<RunOptions>,
  given: { concurrency: boolean },
  project: ProjectDefaults | undefined,
): Partial<RunOptions> {
  if (!project) return flags;
  const set = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as Partial<RunOptions>;
  if (!given.concurrency && project.options.concurrency !== undefined) delete set.concurrency;
  return { ...project.options, ...set, project_file: project.file };
}
