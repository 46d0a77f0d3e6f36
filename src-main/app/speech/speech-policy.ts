/**
 * `command:` speech specs run a program on this computer, as the user. They are a local user's
 * setting: typed in the desktop app on the machine itself or given as CLI flags. Web mode's API
 * refuses them wherever a call would carry one (`runs.start` options.speech, `speech.test`,
 * `speech.audioEval`, `speech.transcribe`, `speech.synthesize`, any later method with a `tts` or
 * `stt` field), so holding the web token is not shell access. Presets (espeak-ng, flite, piper:...)
 * and openai: servers stay allowed: their argv is fixed and the spoken text never becomes an option.
 */
import { formatPath } from '../../../src-shared/contract/index.js';
import { invalid, type AppError } from '../errors.js';

/** Fields that hold a speech engine spec, wherever they appear in a call's input. */
const SPEECH_FIELDS = new Set(['tts', 'stt']);
const MAX_DEPTH = 8;

export const isCommandSpeechSpec = (spec: unknown): boolean => typeof spec === 'string' && /^\s*command\s*:/.test(spec);

/** The JSON path of every `command:` spec in an input (`options.speech.tts`), in document order. */
export function commandSpeechSpecPaths(input: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (path.length > MAX_DEPTH || !v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      const at = [...path, Array.isArray(v) ? Number(k) : k];
      if (SPEECH_FIELDS.has(k) && isCommandSpeechSpec(child)) found.push(formatPath(at));
      else walk(child, at);
    }
  };
  walk(input, []);
  return found;
}

/** The refusal of a `command:` spec that arrived through web mode, naming its field. */
export function commandSpecRefusal(path: string): AppError {
  return invalid(
    `${path}: a command: speech spec runs a program on this computer, so web mode does not accept one (whoever holds the web token could run anything); use a preset (espeak-ng, flite, pocketsphinx, piper:VOICE.onnx, whisper-cli:MODEL.bin) or openai:MODEL@URL here, or run command: engines from the desktop app or the command line (parley run --tts/--stt, parley audio-eval)`,
    path,
  );
}

/** Refuses an input that carries a `command:` speech spec (web mode's calls). */
export function refuseCommandSpeechSpecs(input: unknown): void {
  const [first] = commandSpeechSpecPaths(input);
  if (first) throw commandSpecRefusal(first);
}
