/**
 * Built-in command presets, so `--tts espeak-ng --stt pocketsphinx` works with no template. A preset
 * is a fixed argv template; the ones that need a model file take it after a colon
 * (`piper:/voices/en_US-amy-medium.onnx`, `whisper-cli:/models/ggml-base.en.bin`).
 *
 * The spoken text never becomes an argument: it is written to the program's stdin or to a temporary
 * file (`{text_file}`). A text in argv that starts with `-` would be read as an option by the
 * program's getopt (espeak-ng `--phonout=FILE` truncates a file, `-fFILE` reads one aloud).
 */

export interface SpeechPreset {
  name: string;
  role: 'tts' | 'stt';
  /** argv template; `{model}` is the file given after the colon. */
  argv: string[];
  /** Needs a model file after the colon. */
  needsModel?: boolean;
  /** Voices for `{voice}`: the first is the default; personas are spread over them. */
  voices?: string[];
  /** How to install the program (shown when it is missing). */
  install: string;
  /** What was exercised on the machines Parley is developed on. */
  tested: string;
}

export const SPEECH_PRESETS: SpeechPreset[] = [
  {
    name: 'espeak-ng',
    role: 'tts',
    argv: ['espeak-ng', '-v', '{voice}', '-w', '{out}', '--stdin'],
    voices: ['en-us', 'en-gb', 'en-us+f3', 'en-gb-x-rp', 'en-us+m3', 'en-gb+f2'],
    install: 'apt-get install espeak-ng (Debian/Ubuntu), brew install espeak-ng (macOS)',
    tested: 'exercised by the tests (Debian package 1.51)',
  },
  {
    name: 'say',
    role: 'tts',
    argv: [
      'say',
      '-v',
      '{voice}',
      '-o',
      '{out}',
      '--file-format=WAVE',
      '--data-format=LEI16@16000',
      '-f',
      '{text_file}',
    ],
    voices: ['Samantha', 'Daniel', 'Karen', 'Moira', 'Alex', 'Tessa'],
    install: 'macOS only (built in)',
    tested: 'not exercised: no macOS machine here',
  },
  {
    name: 'flite',
    role: 'tts',
    argv: ['flite', '-voice', '{voice}', '-o', '{out}'],
    voices: ['slt', 'rms', 'awb', 'kal16'],
    install: 'apt-get install flite (Debian/Ubuntu), brew install flite (macOS)',
    tested: 'exercised by the tests (Debian package 2.2)',
  },
  {
    name: 'piper',
    role: 'tts',
    argv: ['piper', '--model', '{model}', '--output_file', '{out}'],
    needsModel: true,
    install:
      'pip install piper-tts, or a release from github.com/rhasspy/piper; a voice .onnx from huggingface.co/rhasspy/piper-voices',
    tested: 'not exercised: piper and its voices are not installed here',
  },
  {
    name: 'pocketsphinx',
    role: 'stt',
    argv: ['pocketsphinx_continuous', '-infile', '{in}', '-logfn', '/dev/null'],
    install: 'apt-get install pocketsphinx pocketsphinx-en-us (Debian/Ubuntu)',
    tested: 'exercised by the tests (Debian package 0.8)',
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
