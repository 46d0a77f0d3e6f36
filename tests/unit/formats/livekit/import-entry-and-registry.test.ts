import { describe, expect, it } from 'vitest';
import { exportAgent } from '../../../../src-main/formats/index.js';
import { agentOk } from '../helpers.js';

/** The shape of LiveKit's restaurant example: an abstract base, agents kept in a dict, handoffs by key. */
const restaurant = (
  agentsDict: string,
  start = 'userdata.agents["greeter"]',
) => `from livekit.agents import Agent, RunContext, function_tool

class BaseAgent(Agent):
    async def _transfer_to_agent(self, name: str, context: RunContext):
        return context.userdata.agents[name], f"Transferring to {name}."

    @function_tool()
    async def get_hours(self, context: RunContext) -> str:
        """Called when the caller asks for the opening hours."""
        return "9 to 5"

class Greeter(BaseAgent):
    def __init__(self, menu: str) -> None:
        super().__init__(instructions="Greet the caller.")

    @function_tool()
    async def to_reservation(self, context: RunContext):
        """Called when the caller wants a table."""
        return await self._transfer_to_agent("reservation", context)

class Reservation(BaseAgent):
    def __init__(self) -> None:
        super().__init__(instructions="Take the reservation.")

    @function_tool()
    async def done(self, context: RunContext):
        """Called when the reservation is made."""
        return context.userdata.agents["greeter"], "Back to the front desk."

async def entrypoint(ctx):
    userdata = UserData()
    userdata.agents.update(${agentsDict})
    await session.start(agent=${start}, room=ctx.room)
`;
const LITERAL = '{"greeter": Greeter(menu), "reservation": Reservation()}';

describe('LiveKit import: entry, abstract bases and a dict of agents', () => {
  it('the entry is the class session.start names through a literal dict, never the abstract base', () => {
    const r = agentOk(restaurant(LITERAL), 'restaurant.py');
    expect(r.graph.entry_node_id).toBe('Greeter');
    expect(r.graph.nodes.map((n) => n.id)).toEqual(['Greeter', 'Reservation']);
    expect(r.warnings.some((w) => /class BaseAgent is a base class of Greeter, Reservation/.test(w.message))).toBe(
      true,
    );
  });

  it('handoffs by key of the literal dict are transitions; the base class tools go to each subclass', () => {
    const g = agentOk(restaurant(LITERAL), 'restaurant.py').graph;
    expect(g.nodes.map((n) => [n.id, n.transitions.map((t) => t.target)])).toEqual([
      ['Greeter', ['Reservation']],
      ['Reservation', ['Greeter']],
    ]);
    expect(g.nodes[1].transitions[0].source_meta).toMatchObject({ message: 'Back to the front desk.' });
    expect(g.nodes.map((n) => n.type === 'conversation' && n.tools)).toEqual([['get_hours'], ['get_hours']]);
  });

  it('a dict built at run time: the unreachable classes are named in a plain warning saying why', () => {
    const r = agentOk(restaurant('build_agents(menu)'), 'restaurant.py');
    expect(r.graph.entry_node_id).toBe('Greeter');
    expect(r.graph.nodes.map((n) => n.id)).not.toContain('BaseAgent');
    const msgs = r.warnings.map((w) => w.message);
    expect(msgs.some((m) => m.includes('the session starts with "userdata.agents[\\"greeter\\"]"'))).toBe(true);
    expect(
      msgs.some((m) => /agent classes Reservation cannot be reached from Greeter: .*dict built at run time/.test(m)),
    ).toBe(true);
  });

  it('session.start through a variable assigned an agent is the entry', () => {
    const src = restaurant(LITERAL, 'first').replace(
      '    await session.start',
      '    first = Reservation()\n    await session.start',
    );
    expect(agentOk(src, 'restaurant.py').graph.entry_node_id).toBe('Reservation');
  });

  it('exports and reads back as the same graph', () => {
    const g = agentOk(restaurant(LITERAL), 'restaurant.py').graph;
    const back = agentOk(exportAgent(g, 'livekit').text, 'restaurant.py').graph;
    expect(back.entry_node_id).toBe('Greeter');
    expect(back.nodes).toEqual(g.nodes);
  });
});
