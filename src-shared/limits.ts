/**
 * Hard limits on what one input may ask of Parley, the same on every door (CLI flags, the API, test
 * and agent files). docs/limits.md lists them for users; change them there too.
 */

/** Conversations per test (`--repeat`, `options.repeats`, a test's `repeats`). */
export const MAX_REPEATS = 1000;
/** Caller turns per conversation (`--max-turns`, `options.max_turns`, a test's `max_turns`, `default_max_turns`). */
export const MAX_TURNS = 500;
/** Judgements of every conversation in a run, majority verdict (`--judge-repeats`, `options.judge_repeats`). */
export const MAX_JUDGE_REPEATS = 9;
/** Conversations at once in one run (`--concurrency`, `options.concurrency`). */
export const MAX_CONCURRENCY = 64;
/**
 * Conversations one run may plan (selected tests x repeats x personas). Checked by arithmetic before
 * anything is planned, so a hostile suite cannot make the planner build millions of entries.
 */
export const MAX_PLANNED_CONVERSATIONS = 100_000;

/**
 * Characters one prompt text may reach after `{%snippet%}` expansion. Snippets nest (5 levels), so a
 * few KB of snippets referencing each other can expand to hundreds of MB; the validator computes the
 * expanded size of every text and refuses, and the engine enforces the same limit while expanding.
 * 200,000 characters is about 50k tokens: more than the context of most models Parley runs.
 */
export const MAX_EXPANDED_TEXT_CHARS = 200_000;

/**
 * Largest agent, suite or call file (bytes) Parley imports: the CLI's `parley import`/`validate`, and
 * the web server's request body limit is this plus room for the JSON envelope of the call, so a file
 * the CLI imports is never refused by web mode.
 */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/**
 * Web mode's request body limit: a file of MAX_IMPORT_BYTES sent inside a JSON string grows by its
 * escaping (quotes, backslashes, newlines: up to 2x for typical JSON text, 6x in the worst case of
 * control characters), so the body may be up to 3x the file limit.
 */
export const MAX_REQUEST_BODY_BYTES = 3 * MAX_IMPORT_BYTES + 64 * 1024;

/** Regex checks (`patterns`) of one run: at most this much time in all, after which the rest fail as timed out. */
export const MAX_PATTERN_TIME_PER_RUN_MS = 10_000;

/** Longest id, name or path quoted in an error message (longer ones are cut with an ellipsis). */
export const MAX_QUOTED_CHARS = 120;

/** `"abc…(4,000,000 characters)"`: quotes a user-given string in a message without repeating megabytes. */
export function truncateForMessage(s: string, max = MAX_QUOTED_CHARS): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max)}…(${s.length.toLocaleString('en-US')} characters)`;
}

/**
 * Cuts every over-long run of non-space characters in a message (a 4 MB id, a 300 KB path) to
 * MAX_QUOTED_CHARS, keeping the rest of the message as written. Messages stay readable and small
 * wherever they are shown (terminal, app, logs).
 */
export function clipLongTokens(message: string, max = MAX_QUOTED_CHARS): string {
  if (message.length <= max) return message;
  return message.replace(new RegExp(`\\S{${max + 1},}`, 'g'), (token) => truncateForMessage(token, max));
}

/**
 * Largest model file of a speech engine (`piper:VOICE.onnx`, `whisper-cli:MODEL.bin`, `whisper:MODEL.bin`)
 * Parley hashes for the run record. Whisper large is about 3 GB; the limit only keeps a wrong path
 * (a disk image, `/dev/zero` is refused as a device) from being hashed for minutes.
 */
export const MAX_SPEECH_MODEL_BYTES = 8 * 1024 * 1024 * 1024;
/** Largest scripted model file (`scripted:FILE`): a JSON file like any other Parley reads. */
export const MAX_SCRIPTED_MODEL_BYTES = MAX_IMPORT_BYTES;

/**
 * What `parley runs merge FILE` reads from another database (an untrusted file: docs/limits.md).
 * Finished shard runs read from one file, and the largest stored JSON value (a run's columns, a
 * result, an agent graph, a suite snapshot) read from it; results per run are bounded by
 * MAX_PLANNED_CONVERSATIONS.
 */
export const MAX_SHARD_RUNS_PER_FILE = 1000;
export const MAX_SHARD_VALUE_BYTES = 64 * 1024 * 1024;

/**
 * Audio Parley converts to 16 kHz mono (speech engines' output, recordings sent to `speech.transcribe`):
 * the WAV header is read first, and a file longer than this, or with a sample rate or channel count
 * outside these bounds, is refused before any conversion (a 1 KB file claiming 1 sample/s would
 * otherwise be resampled for minutes). Conversion runs in a worker thread, off the event loop.
 */
export const MAX_SPEECH_AUDIO_MS = 10 * 60_000;
export const MIN_WAV_SAMPLE_RATE = 4000;
export const MAX_WAV_SAMPLE_RATE = 384_000;
export const MAX_WAV_CHANNELS = 8;
/** Bytes of audio a text-to-speech engine (a program's stdout, an openai: server) may return for one text. */
export const MAX_TTS_OUTPUT_BYTES = 64 * 1024 * 1024;

/** UTF-8 length of a string in bytes (no allocation: a 10 MB text is measured in place). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** "is 50 MB, larger than the 10 MB import limit" for a text over MAX_IMPORT_BYTES; undefined within it. */
export function importSizeProblem(text: string): string | undefined {
  if (text.length <= MAX_IMPORT_BYTES / 3) return undefined;
  const bytes = utf8Length(text);
  if (bytes <= MAX_IMPORT_BYTES) return undefined;
  return `is ${(bytes / 1024 / 1024).toFixed(1)} MB, larger than the ${MAX_IMPORT_BYTES / 1024 / 1024} MB import limit`;
}

/**
 * Smallest endpoint limits a new spec or setting may ask for: fewer than 1 request or 1,000 tokens
 * per minute lets about one call through per minute, so a run would crawl for hours with no message
 * (`;rpm=0.0000001`, `;tpm=1`). Checked where limits are typed and when a model is loaded; runs stored
 * with smaller values stay readable.
 */
export const MIN_ENDPOINT_RPM = 1;
export const MIN_ENDPOINT_TPM = 1000;

/** Iterations of one auto-fix (`parley fix --max-iterations`, the Auto-fix form, `fixes.auto`). */
export const MAX_FIX_ITERATIONS = 10;
/** Conversations per failing test when a fix is re-run (`parley fix --repeat`, default 3). */
export const MAX_FIX_REPEATS = 20;
/** Edits in one fix proposal. */
export const MAX_FIX_EDITS = 8;
/** Characters of one proposed text (an instruction, a condition, a snippet) in a fix. */
export const MAX_FIX_TEXT_CHARS = 20_000;
/** Failing tests one fix aims at (one diagnosis call each per iteration). */
export const MAX_FIX_TARGETS = 10;
