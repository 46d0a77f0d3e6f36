import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CallFileError,
  CallImportError,
  detectCallFormat,
  parseCallFiles,
  parseCallText,
} from '../../../src-main/transcripts/index.js';

const dir = path.resolve(__dirname, '../../fixtures/calls');
const fixture = (name: string) => path.join(dir, name);
const parse = (name: string) => parseCallText(fixture(name), fs.readFileSync(fixture(name), 'utf8'));
const errorOf = (name: string): CallFileError => {
  try {
    parse(name);
  } catch (e) {
    return e as CallFileError;
  }
  throw new Error(`${name} parsed without error`);
};

describe('Retell call JSON', () => {
  const call = parse('retell-flow-call.json');

  it('uses transcript_with_tool_calls: turns tagged with nodes, caller turns counted', () => {
    expect(call.format).toBe('retell');
    expect(call.name).toBe('call_8f2c41d9a0b34e6f9e1a2b7c3d');
    expect(call.turns).toBe(3);
    expect(call.transcript.map((t) => [t.role, t.node ?? null])).toEqual([
      ['agent', 'start-node-greet'],
      ['caller', 'start-node-greet'],
      ['agent', 'node-ask-day'],
      ['caller', 'node-ask-day'],
      ['tool', 'node-book'],
      ['agent', 'node-book'],
      ['caller', 'node-book'],
      ['tool', 'node-book'],
      ['agent', 'node-goodbye'],
    ]);
    expect(call.transcript[0].content).toBe(
      'Thanks for calling Bright Smile Dental, this is Ava. How can I help you today?',
    );
  });

  it('node transitions become visits with the entry node first', () => {
    expect(call.nodes_visited).toEqual([
      { node: 'start-node-greet', turn: 0, reason: 'entry' },
      { node: 'node-ask-day', turn: 2, reason: 'prompt' },
      { node: 'node-book', turn: 4, reason: 'prompt' },
      { node: 'node-goodbye', turn: 8, reason: 'prompt' },
    ]);
  });

  it('tool calls with parsed arguments and results, and tool turns in the engine wording', () => {
    expect(call.tools_called).toEqual([
      {
        name: 'check_availability',
        args: { day: 'Tuesday', part_of_day: 'afternoon' },
        result: { slots: ['15:00', '16:30'] },
        node: 'node-book',
        mocked: true,
      },
      {
        name: 'book_appointment',
        args: { day: 'Tuesday', time: '15:00', name: 'Dana' },
        result: { confirmation: 'BS-4471' },
        node: 'node-book',
        mocked: true,
      },
    ]);
    expect(call.transcript[4].content).toBe(
      'check_availability({"day":"Tuesday","part_of_day":"afternoon"}) -> {"slots":["15:00","16:30"]}',
    );
    expect(call.transcript[4].tool).toBe('check_availability');
  });

  it('times, variables and disconnection reason', () => {
    expect(call.started_at).toBe('2025-01-02T10:00:00.000Z');
    expect(call.duration_ms).toBe(71450);
    expect(call.variables).toMatchObject({
      clinic_name: 'Bright Smile Dental',
      appointment_day: 'Tuesday',
      call_id: call.name,
      user_number: '+14155550123',
    });
    expect(call.ended_reason).toBe('agent_hangup');
  });

  it('transcript_object only (single-prompt agent): no nodes, duration from timestamps', () => {
    const c = parse('retell-llm-call.json');
    expect(c.transcript.map((t) => t.role)).toEqual(['agent', 'caller', 'agent', 'caller', 'agent', 'caller']);
    expect(c.transcript.every((t) => t.node === undefined)).toBe(true);
    expect(c.nodes_visited).toEqual([]);
    expect(c.duration_ms).toBe(34200);
    expect(c.turns).toBe(3);
  });

  it('the plain transcript text as a last resort', () => {
    const c = parseCallText(
      'x.json',
      JSON.stringify({ call_id: 'c1', transcript: 'Agent: Hi\nUser: Hello there\nAgent: Bye' }),
    );
    expect(c.transcript.map((t) => `${t.role}:${t.content}`)).toEqual(['agent:Hi', 'caller:Hello there', 'agent:Bye']);
  });
});

describe('VAPI call JSON', () => {
  it('artifact.messages wins over messages; system skipped; tool calls matched to results', () => {
    const c = parse('vapi-call.json');
    expect(c.format).toBe('vapi');
    expect(c.name).toBe('5b7e9f3a-2c41-4d8e-9a0b-6f1e2d3c4b5a');
    expect(c.transcript.map((t) => t.role)).toEqual([
      'agent',
      'caller',
      'agent',
      'caller',
      'tool',
      'agent',
      'caller',
      'tool',
    ]);
    expect(c.tools_called.map((t) => [t.name, t.args, t.result])).toEqual([
      ['lookup_prescription', { rx_number: 'RX5501' }, { status: 'ready', pickup_by: '2025-01-10' }],
      ['endCall', {}, undefined],
    ]);
    expect(c.variables).toEqual({
      store: 'Downtown',
      customer_tier: 'gold',
      call_id: c.name,
      user_number: '+12125550147',
    });
    expect(c.duration_ms).toBe(62500);
    expect(c.ended_reason).toBe('customer-ended-call');
  });

  it('end-of-call-report webhook, a tool error recorded as the call error', () => {
    const c = parse('vapi-end-of-call-report.json');
    expect(c.name).toBe('9c8b7a6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d');
    expect(c.duration_ms).toBe(80_000);
    expect(c.tools_called).toEqual([
      {
        name: 'get_delivery_windows',
        args: { order_id: '88213' },
        error: 'warehouse system unavailable',
        mocked: true,
      },
    ]);
    expect(c.transcript[2].content).toBe(
      'get_delivery_windows({"order_id":"88213"}) -> error: warehouse system unavailable',
    );
    expect(c.turns).toBe(2);
  });

  it('older calls with top-level messages', () => {
    const c = parseCallText(
      'old.json',
      JSON.stringify({
        id: 'old-1',
        messages: [
          { role: 'bot', message: 'Hi' },
          { role: 'user', message: 'Yo' },
        ],
      }),
    );
    expect(c.transcript).toEqual([
      { role: 'agent', content: 'Hi' },
      { role: 'caller', content: 'Yo' },
    ]);
  });
});

describe('plain [{role, content}] lists', () => {
  it('user/assistant roles; system skipped; name from the file', () => {
    const c = parse('plain-transcript.json');
    expect(c.format).toBe('plain');
    expect(c.name).toBe('plain-transcript');
    expect(c.transcript.map((t) => t.role)).toEqual(['agent', 'caller', 'agent', 'caller', 'agent']);
    expect(c.turns).toBe(2);
  });

  it('caller/agent roles with nodes and tool turns kept verbatim', () => {
    const c = parse('plain-caller-agent.json');
    expect(c.nodes_visited.map((v) => [v.node, v.turn])).toEqual([
      ['greet', 0],
      ['service_issue', 2],
    ]);
    expect(c.transcript[4]).toEqual({
      role: 'tool',
      content: 'outage_lookup({"address":"12 Elm Street"}) -> {"outage":true,"eta":"3pm"}',
      tool: 'outage_lookup',
      node: 'service_issue',
    });
  });
});

describe('malformed files name the file, the JSON path and what was expected', () => {
  const cases: [string, string][] = [
    ['retell-content-not-string.json', 'transcript_object[2].content: expected a string (got number 42)'],
    [
      'retell-bad-arguments.json',
      'transcript_with_tool_calls[1].arguments: expected a JSON object (or JSON text of one) (got "{order: A17")',
    ],
    [
      'vapi-unknown-role.json',
      'messages[1].role: expected one of system, bot, assistant, user, tool_calls, tool_call_result, tool (got "customer")',
    ],
    ['plain-missing-content.json', '[1].content: expected a string (got nothing)'],
    ['plain-bad-role.json', '[1].role: expected one of user, caller, assistant, agent, system, tool (got "narrator")'],
    ['retell-empty.json', 'transcript_object: expected at least one agent or user utterance (got an array of 0)'],
  ];
  for (const [file, msg] of cases) {
    it(file, () => {
      const e = errorOf(`malformed/${file}`);
      expect(e).toBeInstanceOf(CallFileError);
      expect(e.message).toBe(`${fixture(`malformed/${file}`)}: ${msg}`);
      expect(e.file).toBe(fixture(`malformed/${file}`));
    });
  }

  it('invalid JSON and unknown shapes', () => {
    expect(errorOf('malformed/truncated.json').message).toMatch(
      /truncated\.json: \(top level\): expected valid JSON \(got .*\)/,
    );
    expect(errorOf('malformed/unknown-shape.json').message).toContain(
      '(top level): expected a Retell call (transcript_object / transcript_with_tool_calls), a VAPI call (messages / artifact.messages), a Bland call (transcripts[] with user and text), Telnyx conversation messages ({data: [{role, text}]}) or a [{role, content}] list (got an object with keys conversation_id, turns)',
    );
  });

  it('parseCallFiles reports every bad file at once', () => {
    try {
      parseCallFiles([
        fixture('plain-transcript.json'),
        fixture('malformed/plain-bad-role.json'),
        fixture('malformed/retell-empty.json'),
        fixture('missing.json'),
      ]);
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(CallImportError);
      const errs = (e as CallImportError).errors;
      expect(errs.map((x) => path.basename(x.file))).toEqual([
        'plain-bad-role.json',
        'retell-empty.json',
        'missing.json',
      ]);
      expect((e as Error).message).toMatch(/^3 call files cannot be imported; nothing was written:/);
    }
  });

  it('detects the format of each shape', () => {
    expect(detectCallFormat([])).toBe('plain');
    expect(detectCallFormat({ transcript_object: [] })).toBe('retell');
    expect(detectCallFormat({ event: 'call_ended', call: { transcript_object: [] } })).toBe('retell');
    expect(detectCallFormat({ artifact: { messages: [] } })).toBe('vapi');
    expect(detectCallFormat({ message: { type: 'end-of-call-report' } })).toBe('vapi');
    expect(detectCallFormat({ foo: 1 })).toBeNull();
  });
});
