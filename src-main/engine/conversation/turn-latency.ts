import type { ModelCall, TurnLatency } from '../../../src-shared/schemas/index.js';
import { withResponseMs } from './response-latency.js';

/**
 * The latency of one agent turn from the model calls made since the previous turn the caller heard or said
 * (docs/latency.md). Only the agent's calls count (the simulated caller's and the judge's are not what a real
 * caller waits for):
 * - routing_ms: the decision calls before the reply (route, extract, tool_args), summed;
 * - full_reply_ms: the reply calls (purpose chat), summed: a tool-call round is part of the wait;
 * - first_token_ms: the earlier reply rounds plus the first token of the call that spoke. A call that did not stream
 *   gives its full time instead, listed in `estimated`.
 * A turn with no reply call (static text) has no first_token_ms / full_reply_ms; its response is the routing time,
 * or 0 listed in `estimated` when no model call preceded it at all.
 */
export function agentTurnLatency(calls: readonly ModelCall[], given: TurnLatency = {}): TurnLatency {
  const agent = calls.filter((c) => c.role === 'agent');
  const routing = agent.filter((c) => c.purpose !== 'chat');
  const replies = agent.filter((c) => c.purpose === 'chat');
  // parts recorded elsewhere (speech: stt_ms, tts_first_audio_ms) join the model figures; response is recomputed
  const { response_ms: _stale, estimated: givenEstimated, ...parts } = given;
  const out: TurnLatency = { ...parts };
  const estimated: string[] = [...(givenEstimated ?? [])].filter((e) => e !== 'response_ms');
  if (routing.length) out.routing_ms = sumMs(routing);
  const spoke = [...replies].reverse().find((c) => !c.error_code);
  if (spoke) {
    const before = replies.slice(0, replies.lastIndexOf(spoke));
    out.full_reply_ms = sumMs(replies);
    if (spoke.first_token_ms !== undefined) out.first_token_ms = round(sumMs(before) + spoke.first_token_ms);
    else {
      out.first_token_ms = out.full_reply_ms;
      estimated.push('first_token_ms');
    }
  }
  if (!routing.length && !spoke && parts.stt_ms === undefined && parts.tts_first_audio_ms === undefined) {
    out.response_ms = 0;
    estimated.push('response_ms');
  }
  if (estimated.length) out.estimated = estimated;
  return out.response_ms !== undefined ? out : withResponseMs(out);
}

const sumMs = (cs: readonly ModelCall[]) => round(cs.reduce((s, c) => s + c.ms, 0));
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Follows one conversation's transcript and gives each agent turn its latency: the window opens at the previous
 * caller or agent turn (a second agent turn in a row waits only for its own calls).
 */
export class TurnLatencyMeter {
  private from = 0;

  constructor(private readonly records: readonly ModelCall[]) {}

  /** The latency of an agent turn being added now (with any parts already `given`, e.g. speech); closes the window. */
  agentTurn(given?: TurnLatency): TurnLatency {
    const latency = agentTurnLatency(this.records.slice(this.from), given);
    this.from = this.records.length;
    return latency;
  }

  /** A caller turn was added: the next agent turn's wait starts here. */
  callerTurn(): void {
    this.from = this.records.length;
  }
}
