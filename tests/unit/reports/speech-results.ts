/**
 * Two conversations with every speech figure the reports count (issue 27), built through the real schemas:
 * A: two agent turns heard (20 words, 2 errors; one from the cache, the re-prompt shared with an identical one
 * in flight), a silence, a re-prompt, ended for no answer;
 * B: an agent turn not spoken (too long), a caller turn heard over street noise with 2 dropouts (5 words,
 * 1 error), an agent turn cut off by the caller and heard (20 words, 4 errors), a caller turn whose
 * recognition failed. Agent word error rate 6 / 40 = 15%; its 95% interval over the two conversations:
 * se = sqrt(2 x ((2 - 3)^2 + (4 - 3)^2)) / 40 = 0.05, so 15% +- 1.96 x 5% = 5.2% to 24.8%.
 */
import type { TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { mkResult } from '../compare/build.js';

const counts = (words: number, substitutions: number, deletions: number, insertions: number) => ({
  words,
  substitutions,
  deletions,
  insertions,
});

const conversationA: TranscriptTurn[] = [
  { role: 'agent', content: 'Hello', heard: 'hello', speech: { word_errors: counts(10, 1, 0, 0), cached: true } },
  { role: 'caller', content: '', perturbation: { silence_ms: 8000 } },
  {
    role: 'agent',
    content: 'Are you still there?',
    heard: 'are you there',
    speech: { word_errors: counts(10, 0, 1, 0), shared: true },
    perturbation: { reprompt: true },
  },
];

const conversationB: TranscriptTurn[] = [
  { role: 'agent', content: 'A very long reply', speech: { not_spoken: 'too_long' } },
  {
    role: 'caller',
    content: 'I need to cancel',
    heard: 'i need to cancel it',
    speech: { word_errors: counts(5, 0, 0, 1), voice: 'slt', rate: 1.25 },
    perturbation: {
      noise: { kind: 'street', snr_db: 10 },
      dropouts: [
        { at_ms: 100, ms: 250 },
        { at_ms: 900, ms: 250 },
      ],
    },
  },
  {
    role: 'agent',
    content: 'Sure, I can',
    heard: 'sure i',
    speech: { word_errors: counts(20, 2, 1, 1) },
    perturbation: { interrupted: { at_ms: 1500, words_said: 3, words_total: 20, unsaid: 'help you with that' } },
  },
  {
    role: 'caller',
    content: 'Maria Garcia',
    speech_error: 'turn 4 (caller): stt engine pocketsphinx: no answer',
    perturbation: { barge_in: true },
  },
];

export const speechResults = () => [
  mkResult({ test: 'goes quiet', test_index: 0, end_reason: 'no_answer', transcript: conversationA }),
  mkResult({ test: 'cuts in', test_index: 1, transcript: conversationB }),
];

/** A text-only conversation: no speech, no caller behaviour. */
export const textOnlyResult = () =>
  mkResult({
    test: 'text',
    transcript: [
      { role: 'agent', content: 'Hello' },
      { role: 'caller', content: 'Hi' },
    ],
  });
