import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { agentOk, conv, graph, tr } from '../helpers.js';

/** Tool and handoff descriptions written as docstrings: triple quotes once, read back unchanged. */
describe('LiveKit export: tool docstrings', () => {
  const multiLine = 'Called when the caller wants a table.\nAsk for the time and the party size.';
  const g = graph(
    [
      conv('Greeter', [tr('to-booking', 'Booking', { kind: 'prompt', prompt: multiLine })], { tools: ['lookup'] }),
      conv('Booking', [tr('back', 'Greeter', { kind: 'prompt', prompt: 'The booking is done.' })]),
    ],
    {
      tools: [{ name: 'lookup', kind: 'custom', description: 'Look up a booking.\nBy name, then by phone.' }],
      source: { format: 'livekit', meta: {} },
    },
  );

  it('writes a multi-line description in three quotes, not five', () => {
    const py = exportAgent(g, 'livekit').text;
    expect(py).not.toContain('""""');
    expect(py).toContain(`        """${multiLine}"""`);
    expect(py).toContain('        """Look up a booking.\nBy name, then by phone."""');
    expect(py).toContain('        """The booking is done."""');
  });

  it('reads the descriptions back as they were', () => {
    const back = agentOk(exportAgent(g, 'livekit').text, 'back_agent.py').graph;
    expect(back.nodes[0].transitions[0].condition).toEqual({ kind: 'prompt', prompt: multiLine });
    expect(back.nodes[1].transitions[0].condition).toEqual({ kind: 'prompt', prompt: 'The booking is done.' });
    expect(back.tools.find((t) => t.name === 'lookup')?.description).toBe(
      'Look up a booking.\nBy name, then by phone.',
    );
  });

  it('a description with quotes inside stays one docstring that Python-style decoding reads back', () => {
    const quoted = graph(
      [conv('A', [tr('t', 'B', { kind: 'prompt', prompt: 'The caller says "stop".\nThen end.' })]), conv('B')],
      {
        source: { format: 'livekit', meta: {} },
      },
    );
    const r = parseAgentFile(exportAgent(quoted, 'livekit').text, 'q.py');
    expect(r.ok && r.kind === 'agent' ? r.graph.nodes[0].transitions[0].condition : r).toEqual({
      kind: 'prompt',
      prompt: 'The caller says "stop".\nThen end.',
    });
  });
});
