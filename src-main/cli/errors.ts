import { AppError } from '../app/errors.js';

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

/**
 * THE table from the application's request fields to the command-line flags they come from. The
 * application layer names the field at fault (`options.tests`); only the CLI knows it as `--test`.
 * A command whose field is spelled otherwise passes its own entries (`flagsFor`).
 */
const FLAGS: Record<string, string> = {
  agent: '--agent',
  agent_id: '--agent',
  agent_version_id: '--agent-version',
  suite_id: '--tests',
  tests: '--tests',
  'options.tests': '--test',
  'options.personas': '--persona',
  'options.repeats': '--repeat',
  'options.max_turns': '--max-turns',
  'options.judge_repeats': '--judge-repeats',
  'options.concurrency': '--concurrency',
  'options.shard': '--shard',
  'options.speech.tts': '--tts',
  'options.speech.stt': '--stt',
  'options.speech.phone_noise': '--phone-noise',
  'options.speech.audio_eval': '--audio-eval',
  'options.speech.caller_speech': '--caller-speech',
  'options.speech.seed': '--speech-seed',
  'options.speech.workers': '--speech-workers',
  'models.agent': '--agent-model',
  'models.caller': '--caller-model',
  'models.judge': '--judge-model',
  agent_model: '--agent-model',
  judge_model: '--judge-model',
  judge: '--judge-model',
  judges: '--judge-model',
  model: '--model',
  test: '--test',
  force: '--force',
  k: '--k',
  tts: '--tts',
  stt: '--stt',
  phone_noise: '--phone-noise',
  voice: '--voice',
  rate: '--rate',
  concurrency: '--concurrency',
  node: '--node',
  gaps: '--gap',
};

/** Where a person finds the ids of a kind of thing that was not found (the CLI's own commands). */
const LISTED_BY: [RegExp, string][] = [
  [/^run "[^"]*" not found$/, 'parley runs list'],
  [/^agent "[^"]*" not found$/, 'parley agents list'],
];

/** "run "x" not found" + "(parley runs list shows them)". */
const withListHint = (message: string) => {
  const list = LISTED_BY.find(([re]) => re.test(message))?.[1];
  return list ? `${message} (${list} shows them)` : message;
};

/** Request fields whose value is a model SPEC: a missing one is asked for as `--flag SPEC`. */
const SPEC_FIELDS = /^(models\.\w+|agent_model|judge_model|judge|judges|model)$/;

/**
 * Exit status (README): 1 when a file the user gave has errors, or the thing the command is about (its
 * argument: a run, an agent) is not there; 2 for usage and set-up errors, including a flag whose value
 * names something that is not there (`--tests nope.json`), a model that cannot load, a server that is down.
 */
const exitOf = (e: AppError, flag: string | undefined) =>
  (e.error.code === 'not_found' && !flag) || (e.error.code === 'invalid_input' && e.error.file) ? 1 : 2;

/** A file's further problems (after the first, which the message names), a few lines at most. */
const moreIssues = (e: AppError) =>
  (e.error.issues ?? [])
    .slice(1, 6)
    .map((i) => `\n  ${i.path || '(top level)'}: ${i.message}`)
    .join('');

/** The flag a request field comes from (a command's own spelling first), if any. */
export function flagOf(path: string | undefined, own: Record<string, string> = {}): string | undefined {
  if (!path) return undefined;
  return own[path] ?? FLAGS[path] ?? FLAGS[path.replace(/\[\d+\]$/, '')];
}

/**
 * An application error as the CLI prints it: the flag it is about first ("--test: no test named..."),
 * a model that cannot be loaded as "loading models: ..." with its role; the exit status from its code.
 */
export function cliErrorOf(e: AppError, own: Record<string, string> = {}): CliError {
  const path = e.error.path ?? '';
  const flag = flagOf(path, own);
  const exit = exitOf(e, flag);
  const role = /^models\.(agent|caller|judge)$/.exec(path)?.[1];
  if (role && e.reason) return new CliError(`loading models: ${e.reason} (the ${role} model)`, exit);
  if (e.error.code === 'not_found' && (!flag || e.message.startsWith(flag)))
    return new CliError(withListHint(e.message), exit);
  if (e.error.file) return new CliError(`${e.message}${moreIssues(e)}`, exit);
  if (!flag || e.message.startsWith(flag)) return new CliError(e.message, exit);
  if (SPEC_FIELDS.test(path) && /choose|give/.test(e.message)) return new CliError(`${e.message} (${flag} SPEC)`, exit);
  return new CliError(`${flag}: ${e.message}`, exit);
}

/** Runs `fn`; application errors become one-line CLI errors. */
export async function asCli<T>(fn: () => Promise<T> | T, own: Record<string, string> = {}): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw cliErrorOf(e, own);
    throw e;
  }
}
