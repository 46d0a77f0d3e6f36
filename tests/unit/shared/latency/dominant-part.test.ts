import { describe, expect, it } from 'vitest';
import { dominantWaitPart } from '../../../../src-shared/latency/dominant-part.js';

describe('dominantWaitPart: what most of a turn wait was made of', () => {
  it('names speech recognition when it outweighs the model', () => {
    const top = dominantWaitPart({ stt_ms: 25_000, routing_ms: 300, first_token_ms: 900, response_ms: 26_200 });
    expect(top).toMatchObject({ key: 'stt_ms', label: 'speech recognition', ms: 25_000 });
    expect(top!.share).toBeCloseTo(25_000 / 26_200, 5);
  });

  it('uses the full reply for a first token that was not recorded, as response_ms does', () => {
    const top = dominantWaitPart({ routing_ms: 100, full_reply_ms: 2_000, response_ms: 2_100 });
    expect(top).toMatchObject({ key: 'first_token_ms', label: 'first token', ms: 2_000 });
  });

  it('leaves the full reply out when a first token was recorded (the caller hears the first words)', () => {
    const top = dominantWaitPart({ routing_ms: 700, first_token_ms: 200, full_reply_ms: 9_000, response_ms: 900 });
    expect(top).toMatchObject({ key: 'routing_ms', ms: 700 });
  });

  it('says when the winning part is an estimate', () => {
    const top = dominantWaitPart({ routing_ms: 10, first_token_ms: 400, estimated: ['first_token_ms'] });
    expect(top).toMatchObject({ key: 'first_token_ms', estimated: true });
  });

  it('names nothing with fewer than two parts or an empty wait', () => {
    expect(dominantWaitPart({ tts_first_audio_ms: 80, response_ms: 80 })).toBeNull();
    expect(dominantWaitPart({ routing_ms: 0, first_token_ms: 0, response_ms: 0 })).toBeNull();
    expect(dominantWaitPart({})).toBeNull();
  });
});
