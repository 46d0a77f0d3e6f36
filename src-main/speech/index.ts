export * from './types.js';
export { createSpeechRegistry, type SpeechRegistry, type SpeechRegistryOptions } from './registry.js';
export { parseSpeechSpec, speechSpecHelp, type SpeechSpec, type SpeechRole } from './spec.js';
export { SPEECH_PRESETS, findPreset, type SpeechPreset } from './presets.js';
export { toSpeechWav, isSilent, durationMs, NotWavError, SPEECH_SAMPLE_RATE } from './wav.js';
export { throughPhoneLine, seedOf, type PhoneLine } from './phone-line.js';
export { speechError, atTurn } from './errors.js';
export { roundTrip, type RoundTrip } from './round-trip.js';
export { wordDiff, wordErrorRate, type WordDiffPart } from './word-diff.js';
