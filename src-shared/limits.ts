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
