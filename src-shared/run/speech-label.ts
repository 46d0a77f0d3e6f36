import type { RunSpeechOptions, SpeechIdentity } from '../schemas/run.js';
import { baseName } from '../text/model-name.js';

/**
 * How a run used speech, in the words of the runs list, the run header and compare:
 * "audio eval · caller via STT · espeak-ng -> pocketsphinx · phone line noise 0.1". Pure.
 */

/** An engine's short name: its preset, else the model (file name), else the program it runs. */
export function speechEngineName(spec: string | undefined, identity?: SpeechIdentity): string | null {
  if (identity) {
    const model = identity.model ? baseName(identity.model) : null;
    if (identity.preset)
      return model && !identity.preset.includes(model) ? `${identity.preset} ${model}` : identity.preset;
    if (identity.engine === 'command') return identity.command?.[0] ? baseName(identity.command[0]) : 'command';
    return model ? `${identity.engine} ${model}` : identity.engine;
  }
  if (!spec) return null;
  const [kind, ...rest] = spec.split(':');
  const arg = rest.join(':');
  if (!arg) return spec;
  if (kind === 'command') return baseName(arg.trim().split(/\s+/)[0] ?? 'command');
  if (kind === 'openai') return `openai ${arg.split('@')[0]}`;
  return `${kind} ${baseName(arg)}`;
}

/** The engines as "tts -> stt" ("espeak-ng -> pocketsphinx"); null when neither is known. */
export function speechEnginesText(s: RunSpeechOptions): string | null {
  const tts = speechEngineName(s.tts, s.engines?.tts);
  const stt = speechEngineName(s.stt, s.engines?.stt);
  if (!tts && !stt) return null;
  return `${tts ?? '?'} -> ${stt ?? '?'}`;
}

/** The label of a run that used speech; null for a text-only run. */
export function speechLabel(s: RunSpeechOptions | undefined): string | null {
  if (!s || (!s.audio_eval && !s.caller_speech)) return null;
  const engines = speechEnginesText(s);
  return [
    s.audio_eval ? 'audio eval' : null,
    s.caller_speech ? 'caller via STT' : null,
    engines,
    s.phone_noise !== undefined ? `phone line noise ${s.phone_noise}` : null,
  ]
    .filter((x): x is string => !!x)
    .join(' · ');
}
