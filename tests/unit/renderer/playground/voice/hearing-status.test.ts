import { describe, expect, it } from 'vitest';
import { hearingText } from '../../../../../src-renderer/features/playground/voice/hearing-text.js';

describe("Talk's status while a recording is recognised", () => {
  it('says the engine and the seconds so far, and why the first one is slow', () => {
    expect(hearingText('pocketsphinx', 12, true)).toBe(
      'Recognising your speech with pocketsphinx (12 s; the first takes longer: loading the recogniser)',
    );
    expect(hearingText('pocketsphinx', 3, false)).toBe('Recognising your speech with pocketsphinx (3 s)');
  });
});
