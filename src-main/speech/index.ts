export * from './types.js';
export { createSpeechRegistry, type SpeechRegistry, type SpeechRegistryOptions } from './registry.js';
export { parseSpeechSpec, speechSpecHelp, type SpeechSpec, type SpeechRole } from './spec.js';
export { SPEECH_PRESETS, findPreset, type SpeechPreset } from './presets.js';
export { toSpeechWav, isSilent, durationMs, NotWavError, SPEECH_SAMPLE_RATE } from './wav.js';
export { throughPhoneLine, type PhoneLine } from './phone-line.js';
export { seeded, seedOf, gaussian } from './seeded.js';
export { throughLine, lineIsRandom, dropoutsFor, type LineSpec, type Dropout } from './line.js';
export { makeNoise, mixNoise, rmsOf } from './noise.js';
export { cacheKey, readCached, type RoundTripCache, type CachedRoundTrip } from './cache.js';
export { speechError, atTurn } from './errors.js';
export { InFlight, inFlightFor, type InFlightStats, type Joined } from './in-flight.js';
export {
  roundTrip,
  SpeechLines,
  MAX_SPOKEN_CHARS,
  type RoundTrip,
  type SpokenLine,
  type HeardLine,
  type LineOutcome,
  type LineCall,
  type SpeechLinesStats,
} from './round-trip.js';
export { WhisperStt, releaseWhisperModels, loadWhisperBinding } from './whisper.js';
export { SpeechPool, speechPool, defaultSpeechWorkers, type SpeechPoolStats } from './pool.js';
export { PocketsphinxStt, closeRecognisers } from './pocketsphinx.js';
export { sttLimit, ttsLimit, noAnswerWithin } from './budget.js';
export { DEFAULT_TTS, DEFAULT_STT } from './presets.js';
