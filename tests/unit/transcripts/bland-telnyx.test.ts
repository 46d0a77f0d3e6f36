import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCallText } from '../../../src-main/transcripts/index.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/calls/${name}`, import.meta.url), 'utf8');

describe('call logs of Bland and Telnyx', () => {
  it('reads a Bland call: speakers, agent actions as tool turns, variables, duration', () => {
    const c = parseCallText('bland-call.json', fixture('bland-call.json'));
    expect(c.format).toBe('bland');
    expect(c.name).toBe('c7f2a2d6-bland-demo');
    expect(c.transcript.map((t) => t.role)).toEqual(['agent', 'caller', 'tool', 'agent', 'caller']);
    expect(c.turns).toBe(2);
    expect(c.duration_ms).toBe(90_000);
    expect(c.variables).toMatchObject({
      order_number: 'NW-12345',
      call_id: 'c7f2a2d6-bland-demo',
      user_number: '+14155550987',
    });
    expect(c.ended_reason).toBe('ASSISTANT');
  });

  it('reads Telnyx conversation messages in time order, with the tool call and its result', () => {
    const c = parseCallText('telnyx.json', fixture('telnyx-conversation-messages.json'));
    expect(c.format).toBe('telnyx');
    expect(c.transcript.map((t) => t.role)).toEqual(['agent', 'caller', 'tool', 'agent']);
    expect(c.tools_called).toEqual([
      { name: 'refill_status', args: { rx_number: 'RX-77' }, mocked: true, result: { status: 'ready' } },
    ]);
    expect(c.duration_ms).toBe(18_000);
  });

  it('names the JSON path and what was expected for a broken entry', () => {
    const bad = JSON.parse(fixture('bland-call.json'));
    bad.transcripts[1].user = 'caller';
    expect(() => parseCallText('b.json', JSON.stringify(bad))).toThrow(
      /b\.json: transcripts\[1\]\.user: expected one of user, assistant, robot, agent-action \(got "caller"\)/,
    );
    const t = JSON.parse(fixture('telnyx-conversation-messages.json'));
    t.data[2].tool_calls[0].function.arguments = '[1]';
    expect(() => parseCallText('t.json', JSON.stringify(t))).toThrow(
      /t\.json: data\[2\]\.tool_calls\[0\]\.function\.arguments: expected a JSON object/,
    );
  });
});
