import { describe, expect, it } from 'vitest';
import { exportAgent } from '../../../../src-main/formats/index.js';
import { agentOk } from '../helpers.js';

/** A handoff that builds the next agent into a variable first, as LiveKit's own multi-agent example does. */
const source = (body: string) => `from livekit.agents import Agent, RunContext, function_tool

class Intro(Agent):
    def __init__(self) -> None:
        super().__init__(instructions="Ask the caller's name.")

    @function_tool
    async def information_gathered(self, context: RunContext, name: str):
        """Called when the caller has said their name."""
${body}

class Story(Agent):
    def __init__(self, name: str) -> None:
        super().__init__(instructions="Tell a story.")
`;

describe('LiveKit import: handoff through a variable', () => {
  it('`agent = Story(name); return agent` is a transition to Story', () => {
    const g = agentOk(
      source('        story = Story(name)\n        context.userdata.name = name\n        return story'),
      'a.py',
    ).graph;
    expect(g.nodes[0].transitions.map((t) => [t.target, t.condition])).toEqual([
      ['Story', { kind: 'prompt', prompt: 'Called when the caller has said their name.' }],
    ]);
    expect(g.tools).toEqual([]);
  });

  it('a tuple of the variable and a message keeps the message', () => {
    const g = agentOk(source('        nxt = Story(name)\n        return nxt, "Here comes your story."'), 'a.py').graph;
    expect(g.nodes[0].transitions[0]).toMatchObject({
      target: 'Story',
      source_meta: { method: 'information_gathered', message: 'Here comes your story.' },
    });
  });

  it('the last assignment before the return counts; a variable that is not an agent stays a plain tool', () => {
    const reassigned = agentOk(source('        x = Story(name)\n        x = "done"\n        return x'), 'a.py').graph;
    expect(reassigned.nodes[0].transitions).toEqual([]);
    expect(reassigned.tools.map((t) => t.name)).toEqual(['information_gathered']);
    const later = agentOk(source('        return x\n        x = Story(name)'), 'a.py').graph;
    expect(later.nodes[0].transitions).toEqual([]);
  });

  it('exports and reads back as the same graph', () => {
    const g = agentOk(source('        story = Story(name)\n        return story'), 'a.py').graph;
    const back = agentOk(exportAgent(g, 'livekit').text, 'a.py').graph;
    expect(back.nodes.map((n) => n.transitions)).toEqual(g.nodes.map((n) => n.transitions));
  });
});
