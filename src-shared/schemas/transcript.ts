import { z } from 'zod';
import { NoiseKind } from './perturbations.js';

/** One turn of a stored conversation: what was said, how long it took, and how it went through speech. */

/**
 * How long one agent turn took, in ms (issue 11). Every field is optional: a figure is present only when it was
 * measured (or estimated: then its name is listed in `estimated`).
 */
export const TurnLatency = z.object({
  /** Speech recognition of the caller's message before the agent saw it (caller speech on). */
  stt_ms: z.number().min(0).optional(),
  /** Routing decision(s) that ran before the reply (sum of their model calls). */
  routing_ms: z.number().min(0).optional(),
  /** From the start of the reply call to its first token (streaming providers). */
  first_token_ms: z.number().min(0).optional(),
  /** From the start of the reply call to the full reply. */
  full_reply_ms: z.number().min(0).optional(),
  /** Text-to-speech of the reply until its first audio (speech on). */
  tts_first_audio_ms: z.number().min(0).optional(),
  /** What the caller waits after they stop speaking: stt + routing + first token + tts first audio. */
  response_ms: z.number().min(0).optional(),
  /** From the start of the reply call to the end of its first sentence in the model's output (issue 27). */
  first_sentence_ms: z.number().min(0).optional(),
  /** Text-to-speech of the reply's first sentence alone (speech on; issue 27). */
  tts_first_sentence_ms: z.number().min(0).optional(),
  /**
   * Time to first audio with sentence-level streaming (issue 27): from the end of the caller's speech to the
   * first synthesised sentence: stt + routing + first sentence written + its text-to-speech.
   */
  time_to_first_audio_ms: z.number().min(0).optional(),
  /** The same without streaming: stt + routing + the whole reply + text-to-speech of all of it. */
  time_to_first_audio_unstreamed_ms: z.number().min(0).optional(),
  /** Names of the fields above that are estimated rather than measured. */
  estimated: z.array(z.string()).optional(),
});
export type TurnLatency = z.infer<typeof TurnLatency>;

/** Word errors of a spoken turn: what was heard against what was said, on normalised words (src-shared/speech/). */
export const WordErrorCounts = z.object({
  /** Normalised words said. */
  words: z.number().int().min(0),
  substitutions: z.number().int().min(0),
  deletions: z.number().int().min(0),
  insertions: z.number().int().min(0),
});
export type WordErrorCounts = z.infer<typeof WordErrorCounts>;

/** How one turn went through speech (issue 27). */
export const TurnSpeech = z.object({
  /** `heard` against `content`. */
  word_errors: WordErrorCounts.optional(),
  /** Not spoken: longer than the speech length bound (the turn keeps its text, nothing was heard). */
  not_spoken: z.enum(['too_long']).optional(),
  /** Length of the audio. */
  audio_ms: z.number().min(0).optional(),
  /** The round trip came from the speech cache (same engines, voice, line and text as before). */
  cached: z.boolean().optional(),
  /**
   * The round trip was made once for this turn and an identical one (same cache key) in flight at the same
   * time, by the other turn: no engine ran for this one. A cache hit of its own kind.
   */
  shared: z.boolean().optional(),
  /** Voice and speaking rate (1 = the engine's normal) it was spoken with. */
  voice: z.string().optional(),
  rate: z.number().optional(),
});
export type TurnSpeech = z.infer<typeof TurnSpeech>;

/** What the simulated phone caller did to a turn (issue 27); seeded, so a run does it again the same way. */
export const TurnPerturbation = z.object({
  /** Agent turn: the caller started talking this far into it; `content` holds only the words said before. */
  interrupted: z
    .object({
      at_ms: z.number().min(0),
      words_said: z.number().int().min(0),
      words_total: z.number().int().min(0),
      /** The rest of what the agent was going to say. */
      unsaid: z.string(),
    })
    .optional(),
  /** Caller turn: started while the agent was still speaking. */
  barge_in: z.boolean().optional(),
  /** Caller turn: silent this long (an empty `content`: the caller said nothing). */
  silence_ms: z.number().min(0).optional(),
  /** Agent turn: the agent's re-prompt after the caller said nothing. */
  reprompt: z.boolean().optional(),
  /** Caller turn: background noise under the caller's voice. */
  noise: z.object({ kind: NoiseKind, snr_db: z.number() }).optional(),
  /** Line dropouts in this turn's audio (start and length, ms). */
  dropouts: z.array(z.object({ at_ms: z.number().min(0), ms: z.number().min(0) })).optional(),
});
export type TurnPerturbation = z.infer<typeof TurnPerturbation>;

export const TranscriptTurn = z.object({
  role: z.enum(['agent', 'caller', 'tool']),
  content: z.string(),
  /** The node that spoke it (agent turns) or was active (caller/tool turns). */
  node: z.string().optional(),
  /** For tool turns: the tool name. */
  tool: z.string().optional(),
  /**
   * What speech recognition heard of `content` (issue 11): for agent turns under audio evaluation, what the caller
   * heard; for caller turns under caller speech, what the agent received.
   */
  heard: z.string().optional(),
  /** The speech round trip of this turn failed: engine, turn and reason (the text result is kept). */
  speech_error: z.string().optional(),
  /** Agent turns: how long the caller waited (issue 11). */
  latency: TurnLatency.optional(),
  /** Speech (issue 27): word errors, not spoken, audio length, cache, voice and rate. */
  speech: TurnSpeech.optional(),
  /** Phone-caller behaviours applied to this turn (issue 27). */
  perturbation: TurnPerturbation.optional(),
});
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;
