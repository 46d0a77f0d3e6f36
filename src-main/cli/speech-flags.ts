/**
 * The speech flags of `parley run` (issues 11, 27): --tts, --stt (default flite and pocketsphinx), --audio-eval,
 * --caller-speech, --phone-noise, --speech-seed, --speech-workers.
 */
import type { Command } from 'commander';
import type { RunSpeechOptions } from '../../src-shared/schemas/index.js';
import { CliError } from './errors.js';
import { intFlag } from './flags.js';

export interface SpeechCliOptions {
  tts?: string;
  stt?: string;
  audioEval?: boolean;
  callerSpeech?: boolean;
  phoneNoise?: string;
  speechSeed?: string;
  speechWorkers?: string;
}

export function withSpeechFlags(cmd: Command): Command {
  return cmd
    .option(
      '--tts <spec>',
      'text-to-speech engine (default flite): flite, espeak-ng, say, piper:VOICE.onnx, openai:MODEL[@URL] or command:PROGRAM ARGS ({text_file} {voice} {out} {wpm} {stretch}; the text goes to stdin without {text_file})',
    )
    .option(
      '--stt <spec>',
      'speech-to-text engine (default pocketsphinx): pocketsphinx, whisper-cli:MODEL.bin, openai:MODEL[@URL] or command:PROGRAM ARGS ({in} {out})',
    )
    .option(
      '--audio-eval',
      "speak every agent message and recognise it again; judge the suite's metrics and rules again on what was heard",
    )
    .option(
      '--caller-speech',
      'the agent hears every simulated caller message through TTS -> STT (key presses stay digits)',
    )
    .option(
      '--phone-noise <level>',
      'simulate a phone line: 8 kHz band limit plus seeded noise at LEVEL x the speech level (0 to 1)',
    )
    .option('--speech-seed <n>', "seed of the line noise and the callers' perturbations (default 0)")
    .option('--speech-workers <n>', 'speech engine calls at once (default: one per CPU core)');
}

export function phoneNoise(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!v.trim() || !Number.isFinite(n) || n < 0 || n > 1)
    throw new CliError(`${flag}: expected a noise level from 0 to 1 (0.1 = 20 dB below the speech), got "${v}"`);
  return n;
}

export function speakingRate(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!v.trim() || !Number.isFinite(n) || n < 0.5 || n > 2)
    throw new CliError(`${flag}: expected a speaking rate from 0.5 to 2 (1 = normal), got "${v}"`);
  return n;
}

export function speechRunOptions(o: SpeechCliOptions): RunSpeechOptions | undefined {
  const noise = phoneNoise('--phone-noise', o.phoneNoise);
  const seed = intFlag('--speech-seed', o.speechSeed, { min: 0, max: 0xffffffff });
  const workers = intFlag('--speech-workers', o.speechWorkers, { min: 1, max: 64 });
  if (!o.audioEval && !o.callerSpeech) {
    if (o.tts || o.stt || noise !== undefined || workers !== undefined)
      throw new CliError(
        '--tts/--stt/--phone-noise/--speech-workers: say what to do with speech: add --audio-eval and/or --caller-speech',
      );
    // a seed alone still seeds the callers' perturbations (barge-in, silence) of a text run
    return seed !== undefined ? { seed } : undefined;
  }
  return {
    ...(o.tts ? { tts: o.tts } : {}),
    ...(o.stt ? { stt: o.stt } : {}),
    ...(o.audioEval ? { audio_eval: true } : {}),
    ...(o.callerSpeech ? { caller_speech: true } : {}),
    ...(noise !== undefined ? { phone_noise: noise } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(workers !== undefined ? { workers } : {}),
  };
}
