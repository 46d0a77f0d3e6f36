import { describe, expect, it } from 'vitest';
import { withResponseMs } from '../../../../src-main/engine/conversation/response-latency.js';

describe('withResponseMs', () => {
  it('sums speech recognition, routing, first token and first audio', () => {
    expect(
      withResponseMs({ stt_ms: 300, routing_ms: 120, first_token_ms: 200, full_reply_ms: 900, tts_first_audio_ms: 80 })
        .response_ms,
    ).toBe(700);
  });
  it('uses the full reply when the provider did not stream', () => {
    expect(withResponseMs({ routing_ms: 100, full_reply_ms: 900 }).response_ms).toBe(1000);
  });
  it('leaves a latency with no recorded part unchanged', () => {
    expect(withResponseMs({ estimated: [] })).toEqual({ estimated: [] });
  });
  it('drops the estimate of a static turn once a measured part (first audio) is added', () => {
    expect(withResponseMs({ response_ms: 0, estimated: ['response_ms'], tts_first_audio_ms: 70 })).toEqual({
      tts_first_audio_ms: 70,
      response_ms: 70,
    });
    expect(withResponseMs({ first_token_ms: 800, full_reply_ms: 800, estimated: ['first_token_ms'] })).toEqual({
      first_token_ms: 800,
      full_reply_ms: 800,
      response_ms: 800,
      estimated: ['first_token_ms'],
    });
  });
});
