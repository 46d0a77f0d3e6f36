/**
 * Built-in command presets, so `--tts flite --stt pocketsphinx` works with no template. A preset
 * is a fixed argv template; the ones that need a model file take it after a colon
 * (`piper:/voices/en_US-amy-medium.onnx`, `whisper-cli:/models/ggml-base.en.bin`).
 *
 * The spoken text never becomes an argument: it is written to the program's stdin or to a temporary
 * file (`{text_file}`). A text in argv that starts with `-` would be read as an option by the
 * program's getopt (espeak-ng `--phonout=FILE` truncates a file, `-fFILE` reads one aloud).
 *
 * The offline default pair is flite (voice rms) and pocketsphinx: measured at 4.3% word error rate on Parley's evaluation
 * sentences, where espeak-ng + pocketsphinx loses 89.5% of the words (bench/BENCHMARKS.md).
 */
import type { Accent } from '../../src-shared/schemas/persona.js';

export interface SpeechPreset {
  name: string;
  role: 'tts' | 'stt';
  /** argv template; `{model}` is the file given after the colon. */
  argv: string[];
  /** Needs a model file after the colon. */
  needsModel?: boolean;
  /** Voices for `{voice}`: the first is the default; personas are spread over them. */
  voices?: string[];
  /** Voices with each accent the persona form offers (a persona with an accent speaks with one of them). */
  accents?: Partial<Record<Accent, string[]>>;
  /** How to install the program (shown when it is missing). */
  install: string;
  /** What was exercised on the machines Parley is developed on. */
  tested: string;
}

/** The default offline pair (the Models page, the New run dialog, `--tts`/`--stt` left out). */
export const DEFAULT_TTS = 'flite';
export const DEFAULT_STT = 'pocketsphinx';

/**
 * Placeholders for the speaking rate (1 = the engine's normal pace): `{rate}` the factor, `{wpm}` words per
 * minute (175 x rate: espeak-ng, say), `{stretch}` a duration factor (1 / rate: flite, piper). Without a
 * rate the element and the flag before it are left out, as for `{voice}`.
 */
export const SPEECH_PRESETS: SpeechPreset[] = [
  {
    name: 'flite',
    role: 'tts',
    // -t: the text is an utterance (read from a file or stdin, flite pauses at every sentence end, and
    // pocketsphinx hears it worse). The argument starts with a space, so no line can be read as an option.
    argv: ['flite', '-voice', '{voice}', '--setf', 'duration_stretch={stretch}', '-o', '{out}', '-t', ' {text}'],
    voices: ['rms', 'slt', 'awb', 'kal16'],
    accents: { american: ['rms', 'slt', 'kal16'], scottish: ['awb'] },
    install: 'apt-get install flite (Debian/Ubuntu), brew install flite (macOS)',
    tested: 'exercised by the tests (Debian package 2.2); the default text-to-speech engine',
  },
  {
    name: 'espeak-ng',
    role: 'tts',
    argv: ['espeak-ng', '-v', '{voice}', '-s', '{wpm}', '-w', '{out}', '--stdin'],
    voices: ['en-us', 'en-gb', 'en-us+f3', 'en-gb-x-rp', 'en-us+m3', 'en-gb+f2'],
    accents: {
      american: ['en-us', 'en-us+f3', 'en-us+m3'],
      british: ['en-gb', 'en-gb-x-rp', 'en-gb+f2'],
      scottish: ['en-gb-scotland'],
    },
    install: 'apt-get install espeak-ng (Debian/Ubuntu), brew install espeak-ng (macOS)',
    tested: 'exercised by the tests (Debian package 1.51); pocketsphinx hears little of it (89.5% word error rate)',
  },
  {
    name: 'say',
    role: 'tts',
    argv: [
      'say',
      '-v',
      '{voice}',
      '-r',
      '{wpm}',
      '-o',
      '{out}',
      '--file-format=WAVE',
      '--data-format=LEI16@16000',
      '-f',
      '{text_file}',
    ],
    voices: ['Samantha', 'Daniel', 'Karen', 'Moira', 'Alex', 'Tessa', 'Fiona'],
    accents: { american: ['Samantha', 'Alex'], british: ['Daniel'], scottish: ['Fiona'] },
    install: 'macOS only (built in)',
    tested: 'not exercised: no macOS machine here',
  },
  {
    name: 'piper',
    role: 'tts',
    argv: ['piper', '--model', '{model}', '--length_scale', '{stretch}', '--output_file', '{out}'],
    needsModel: true,
    install:
      'pip install piper-tts, or a release from github.com/rhasspy/piper; a voice .onnx from huggingface.co/rhasspy/piper-voices',
    tested: 'not exercised: piper and its voices are not installed here',
  },
  {
    name: 'pocketsphinx',
    role: 'stt',
    // one long-lived recogniser per speech worker: utterances are fed through the control file, a FIFO
    // (speech/pocketsphinx.ts), so the 27 MB language model is loaded once, not once per sentence
    argv: [
      'pocketsphinx_batch',
      '-adcin',
      'yes',
      '-cepdir',
      '{dir}',
      '-cepext',
      '.raw',
      '-ctl',
      '{ctl}',
      '-hyp',
      '{hyp}',
    ],
    install: 'apt-get install pocketsphinx pocketsphinx-en-us (Debian/Ubuntu)',
    tested: 'exercised by the tests (Debian package 0.8); the default speech-to-text engine',
  },
  {
    name: 'whisper-cli',
    role: 'stt',
    argv: ['whisper-cli', '-m', '{model}', '-f', '{in}', '-nt', '-np'],
    needsModel: true,
    install:
      'build whisper.cpp (github.com/ggml-org/whisper.cpp) or brew install whisper-cpp; a model from huggingface.co/ggerganov/whisper.cpp',
    tested: 'not exercised: whisper.cpp and its models are not installed here',
  },
];

export function findPreset(name: string): SpeechPreset | undefined {
  return SPEECH_PRESETS.find((p) => p.name === name);
}
