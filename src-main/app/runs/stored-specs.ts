/**
 * Specs a stored run holds, used when the user names none (the run's judge for re-judging and audio
 * evaluation, its agent model for a replay, its speech engines for audio evaluation). A run copied
 * from another database (`parley runs merge FILE`, options.copied_from) holds specs that file's author
 * wrote: like a test file's models they may only call hosts this user configured, never run a
 * `command:` program, and never name the environment variable a key is read from. Anything else is
 * refused with the field to fill in; the user's own choice (a flag, a dialog field) always wins.
 */
import { formatModelSpec, type ModelSpec, type Run, type RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import { truncateForMessage } from '../../../src-shared/limits.js';
import { testEndpointPolicy, untrustedFile, untrustedHosts } from '../../engine/model-io/test-endpoints.js';
import { parseSpeechSpec } from '../../speech/index.js';
import type { Store } from '../../store/index.js';
import { invalid } from '../errors.js';
import { isCommandSpeechSpec } from '../speech/speech-policy.js';

/** The database files a run (or one of its shards) was copied from; empty for the user's own runs. */
export const copiedFrom = (run: Pick<Run, 'options'>): string[] => run.options.copied_from ?? [];

/** A model spec without the names of key sources: a copied spec never picks which variable or keychain entry is sent. */
export function withoutKeySources(spec: ModelSpec): ModelSpec {
  const { api_key_env: _env, api_key_ref: _ref, ...rest } = spec;
  return rest;
}

function policyFor(store: Store) {
  return testEndpointPolicy(store.settings.get('models'), [], {
    howToAllow: 'add the endpoint on the Models page to trust it',
  });
}

const copiedNote = (run: Run) =>
  `run ${run.id} was copied from another database (${copiedFrom(run)
    .map((f) => truncateForMessage(f))
    .join(', ')})`;

/**
 * A stored model spec as the default for `path`, or undefined when the run has none. A copied run's
 * spec loses its key sources, and is refused when it would call a host the user has not configured.
 */
export function storedModelDefault(
  store: Store,
  run: Run,
  spec: ModelSpec | undefined,
  what: string,
  path: string,
  choose = `choose the ${what} yourself`,
): ModelSpec | undefined {
  if (!spec || !copiedFrom(run).length) return spec;
  const safe = withoutKeySources(spec);
  const policy = policyFor(store);
  const file = untrustedFile(safe, policy);
  if (file)
    throw invalid(
      `${copiedNote(run)}: its stored ${what} would open the local file ${truncateForMessage(file)}, outside your models folder, so it is not used for you; ${choose}`,
      path,
    );
  const hosts = untrustedHosts(safe, policy);
  if (hosts.length)
    throw invalid(
      `${copiedNote(run)}: its stored ${what} ${truncateForMessage(formatModelSpec(safe))} would call ${hosts
        .map((h) => truncateForMessage(h))
        .join(
          ', ',
        )}, a host you have not configured, so it is not used for you; ${choose}, or add the endpoint on the Models page to trust it`,
      path,
    );
  return safe;
}

/**
 * A stored speech engine spec as the default for `path`. A copied run's `command:` spec (a program)
 * is never used, nor an openai: engine on a host the user has not configured.
 */
export function storedSpeechDefault(
  store: Store,
  run: Run,
  spec: string | undefined,
  path: string,
  choose = 'choose the engine yourself',
  kind: 'tts' | 'stt' = path.endsWith('stt') ? 'stt' : 'tts',
): string | undefined {
  if (!spec || !copiedFrom(run).length) return spec;
  const refuse = (why: string) =>
    invalid(
      `${copiedNote(run)}: its stored speech engine ${truncateForMessage(spec)} ${why}, so it is not used for you; ${choose}`,
      path,
    );
  if (isCommandSpeechSpec(spec)) throw refuse('runs a program (command:)');
  let parsed;
  try {
    parsed = parseSpeechSpec(spec, kind);
  } catch {
    throw refuse('is not a spec this Parley reads');
  }
  if (parsed.engine === 'openai' && parsed.baseUrl) {
    const hosts = untrustedHosts(
      { provider: 'openai', model: parsed.model, endpoints: [parsed.baseUrl], params: {} },
      policyFor(store),
    );
    if (hosts.length)
      throw refuse(
        `would call ${hosts.join(', ')}, a host you have not configured (add it on the Models page to trust it)`,
      );
  }
  return spec;
}

/**
 * Where a refusal of a stored spec points: the input path (default: the run's own field, `models.agent`)
 * and what the user can do instead (default: choose the model or engine themselves).
 */
export interface StoredSpecUse {
  path?: string;
  choose?: string;
}

/** A resumed run's missing conversations run with its own stored options: no engine can be chosen instead. */
export const RESUMED_RUN: StoredSpecUse = {
  path: '',
  choose: 'a resumed run keeps its own speech engines: run the suite again with yours',
};

/** A stored run's models as the models of new work on it (a resume, a fix's re-runs), each checked as above. */
export function storedRunModels(
  store: Store,
  run: Run,
  use: StoredSpecUse = {},
): { agent: ModelSpec | undefined; caller: ModelSpec | undefined; judge: ModelSpec | undefined } {
  const own = (role: 'agent' | 'caller' | 'judge') =>
    storedModelDefault(
      store,
      run,
      run.models[role]?.spec,
      `${role} model`,
      use.path ?? `models.${role}`,
      use.choose ?? `choose the ${role} model yourself`,
    );
  return { agent: own('agent'), caller: own('caller'), judge: own('judge') };
}

/** A stored run's speech options for new work on it (a fix's re-runs): a copied run's engines checked as above. */
export function storedRunSpeech(store: Store, run: Run, use: StoredSpecUse = {}): RunSpeechOptions | undefined {
  const speech = run.options.speech;
  if (!speech || !copiedFrom(run).length) return speech;
  const engine = (kind: 'tts' | 'stt') =>
    storedSpeechDefault(
      store,
      run,
      speech[kind],
      use.path ?? `options.speech.${kind}`,
      use.choose ?? 'choose the engine yourself',
      kind,
    );
  return { ...speech, tts: engine('tts'), stt: engine('stt') };
}
