/**
 * The one place speech specs become engines (like providers/registry.ts for models): parsed once,
 * cached per spec. `command:` specs and presets run local programs, so callers pass only specs the
 * user gave (CLI flags, the app's settings and dialogs), never specs read from an imported file.
 */
import type { KeyResolver } from '../providers/openai/model.js';
import { CommandStt, CommandTts } from './command.js';
import { OpenAiStt, OpenAiTts } from './openai.js';
import { findPreset } from './presets.js';
import { parseSpeechSpec } from './spec.js';
import { WhisperStt } from './whisper.js';
import { PocketsphinxStt } from './pocketsphinx.js';
import { speechPool } from './pool.js';
import type { SttEngine, TtsEngine } from './types.js';
import type { Accent } from '../../src-shared/schemas/persona.js';

export interface SpeechRegistryOptions {
  resolveKey?: KeyResolver;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SpeechRegistry {
  tts(spec: string): TtsEngine;
  stt(spec: string): SttEngine;
  /** The voices a TTS spec offers (personas are spread over them); empty when the engine has none listed. */
  voices(spec: string): string[];
  /** The voices of a TTS spec per accent (the persona form's accent choice); empty when none are listed. */
  accents(spec: string): Partial<Record<Accent, string[]>>;
}

export function createSpeechRegistry(o: SpeechRegistryOptions = {}): SpeechRegistry {
  const tts = new Map<string, TtsEngine>();
  const stt = new Map<string, SttEngine>();
  return {
    tts(raw) {
      const key = raw.trim();
      let e = tts.get(key);
      if (!e) {
        const spec = parseSpeechSpec(key, 'tts');
        if (spec.engine === 'whisper') throw new Error('unreachable: parseSpeechSpec refuses whisper for tts');
        e = spec.engine === 'openai' ? new OpenAiTts(spec, o) : new CommandTts(spec, o.timeoutMs);
        tts.set(key, e);
      }
      return e;
    },
    stt(raw) {
      const key = raw.trim();
      let e = stt.get(key);
      if (!e) {
        const spec = parseSpeechSpec(key, 'stt');
        e =
          spec.engine === 'openai'
            ? new OpenAiStt(spec, o)
            : spec.engine === 'whisper'
              ? new WhisperStt(spec, o.timeoutMs)
              : spec.preset === 'pocketsphinx'
                ? new PocketsphinxStt(spec, () => speechPool().workers, o.timeoutMs)
                : new CommandStt(spec, o.timeoutMs);
        stt.set(key, e);
      }
      return e;
    },
    voices(raw) {
      const spec = parseSpeechSpec(raw, 'tts');
      if (spec.engine === 'openai') return OpenAiTts.voices;
      if (spec.engine !== 'command') return [];
      return (spec.preset && findPreset(spec.preset)?.voices) || [];
    },
    accents(raw) {
      const spec = parseSpeechSpec(raw, 'tts');
      return (spec.engine === 'command' && spec.preset && findPreset(spec.preset)?.accents) || {};
    },
  };
}
