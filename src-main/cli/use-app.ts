import { AppError, createApp, type App } from '../app/index.js';
import { createProviderRegistry } from '../providers/registry.js';
import { CliError } from './errors.js';
import { useStore } from './store-option.js';

/** The command-line flag each application input path comes from. */
const FLAGS: Record<string, string> = {
  agent_id: '--agent',
  agent_version_id: '--agent-version',
  suite_id: '--tests',
  'options.tests': '--test',
  'options.personas': '--persona',
  agent_model: '--agent-model',
  judge: '--judge-model',
  test: '--test',
  'options.speech.tts': '--tts',
  'options.speech.stt': '--stt',
  'options.speech.phone_noise': '--phone-noise',
};

const SPEC_FLAGS = new Set(['--agent-model', '--judge-model']);

/**
 * An application error as the CLI prints it: the flag it is about first ("--test: no test named..."),
 * a model that cannot be loaded as "loading models: ..." with its role; exit 2 (usage or set-up error).
 */
export function cliErrorOf(e: AppError, flags: Record<string, string> = {}): CliError {
  const path = e.error.path ?? '';
  const role = /^models\.(agent|caller|judge)$/.exec(path)?.[1];
  if (role && e.reason) return new CliError(`loading models: ${e.reason} (the ${role} model)`);
  const flag = flags[path] ?? FLAGS[path];
  if (!flag || e.message.includes(flag)) return new CliError(e.message);
  // a missing model is asked for by its flag; anything else names the flag it is about
  if (SPEC_FLAGS.has(flag) && /give|choose/.test(e.message)) return new CliError(`${e.message} (${flag} SPEC)`);
  return new CliError(`${flag}: ${e.message}`);
}

/**
 * Opens the store (--db, $PARLEY_DB or the user-data folder) and the application layer with its own
 * model registry, runs `fn`, then unloads the models and closes the store. Application errors become
 * one-line CLI errors.
 */
export async function useApp<T>(
  opts: { db?: string },
  fn: (app: App) => Promise<T>,
  flags: Record<string, string> = {},
): Promise<T> {
  const registry = createProviderRegistry();
  try {
    return await useStore(opts, (store) => fn(createApp(store, () => registry)));
  } catch (e) {
    if (e instanceof AppError) throw cliErrorOf(e, flags);
    throw e;
  } finally {
    await registry.close();
  }
}
