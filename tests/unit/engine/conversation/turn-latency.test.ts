import { describe, expect, it } from 'vitest';
import { agentTurnLatency, TurnLatencyMeter } from '../../../../src-main/engine/conversation/turn-latency.js';
import type { ModelCall } from '../../../../src-shared/schemas/index.js';

const call = (purpose: string, ms: number, extra: Partial<ModelCall> = {}): ModelCall => ({
  role: 'agent',
  purpose,
  tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
  ms,
  ...extra,
});

describe('agentTurnLatency (exact figures from the recorded calls)', () => {
  it('routing + the first token of the reply is the response; full reply is the whole call', () => {
    expect(agentTurnLatency([call('route', 120), call('chat', 900, { first_token_ms: 300 })])).toEqual({
      routing_ms: 120,
      first_token_ms: 300,
      full_reply_ms: 900,
      response_ms: 420,
    });
  });

  it('extract and tool_args count as routing; the caller and judge calls do not count', () => {
    expect(
      agentTurnLatency([
        call('caller', 5000, { role: 'caller' }),
        call('route', 100),
        call('extract', 50),
        call('tool_args', 25),
        call('chat', 400, { first_token_ms: 80 }),
        call('judge', 7000, { role: 'judge' }),
      ]),
    ).toEqual({ routing_ms: 175, first_token_ms: 80, full_reply_ms: 400, response_ms: 255 });
  });

  it('a tool-call round is part of the wait: first token = earlier rounds + first token of the call that spoke', () => {
    expect(
      agentTurnLatency([call('chat', 600, { first_token_ms: 200 }), call('chat', 700, { first_token_ms: 150 })]),
    ).toEqual({ first_token_ms: 750, full_reply_ms: 1300, response_ms: 750 });
  });

  it('a failed retry counts in the wait, the call that spoke gives the first token', () => {
    expect(
      agentTurnLatency([call('chat', 1000, { error_code: 'server_error' }), call('chat', 500, { first_token_ms: 90 })]),
    ).toEqual({ first_token_ms: 1090, full_reply_ms: 1500, response_ms: 1090 });
  });

  it('a reply that did not stream: first token is its full time, marked estimated', () => {
    expect(agentTurnLatency([call('chat', 800)])).toEqual({
      first_token_ms: 800,
      full_reply_ms: 800,
      response_ms: 800,
      estimated: ['first_token_ms'],
    });
  });

  it('static text after routing: the response is the routing time, no reply figures', () => {
    expect(agentTurnLatency([call('route', 210)])).toEqual({ routing_ms: 210, response_ms: 210 });
  });

  it('static text with no model call at all: response 0, estimated', () => {
    expect(agentTurnLatency([])).toEqual({ response_ms: 0, estimated: ['response_ms'] });
  });
});

describe('parts recorded elsewhere (speech)', () => {
  it('speech recognition and first audio join the model figures in the response', () => {
    expect(
      agentTurnLatency([call('route', 100), call('chat', 900, { first_token_ms: 250 })], {
        stt_ms: 300,
        tts_first_audio_ms: 80,
        response_ms: 1,
      }),
    ).toEqual({
      stt_ms: 300,
      tts_first_audio_ms: 80,
      routing_ms: 100,
      first_token_ms: 250,
      full_reply_ms: 900,
      response_ms: 730,
    });
  });

  it('static text spoken through TTS: the response is the measured first audio, not an estimate', () => {
    expect(agentTurnLatency([], { tts_first_audio_ms: 60 })).toEqual({ tts_first_audio_ms: 60, response_ms: 60 });
  });
});

describe('TurnLatencyMeter', () => {
  it('opens the window at each caller turn and closes it at each agent turn', () => {
    const records: ModelCall[] = [];
    const m = new TurnLatencyMeter(records);
    records.push(call('chat', 100, { first_token_ms: 10 }));
    expect(m.agentTurn().full_reply_ms).toBe(100);
    records.push(call('caller', 50, { role: 'caller' }));
    m.callerTurn();
    records.push(call('route', 30), call('chat', 200, { first_token_ms: 20 }));
    expect(m.agentTurn()).toEqual({ routing_ms: 30, first_token_ms: 20, full_reply_ms: 200, response_ms: 50 });
    // a second agent turn in a row (static text on the next node) waits only for its own calls
    expect(m.agentTurn()).toEqual({ response_ms: 0, estimated: ['response_ms'] });
  });
});
