import { describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../../../src-main/formats/index.js';
import { agentOk } from '../helpers.js';

/** @lezer/python 1.1.19 (the newest) marks a bare `yield` as an error; inside a function it is valid Python. */
const withYield = (yieldLine: string) => `from contextlib import asynccontextmanager
from livekit.agents import Agent

class Host(Agent):
    def __init__(self) -> None:
        super().__init__(instructions="Host the show.")

async def entrypoint(ctx):
    @asynccontextmanager
    async def hold_music():
        try:
${yieldLine}
        finally:
            pass
`;

describe('LiveKit import: a bare `yield`', () => {
  it('inside a function reads the rest of the file, with a warning naming the line', () => {
    const r = agentOk(withYield('            yield'), 'host.py');
    expect(r.graph.nodes.map((n) => n.id)).toEqual(['Host']);
    const w = r.warnings.filter((x) => x.message.includes('bare `yield`'));
    expect(w.map((x) => x.path)).toEqual(['line 12']);
    expect(w[0].message).toMatch(/at line 12 is valid Python/);
  });

  it('`x = (yield)` is tolerated the same way', () => {
    const r = agentOk(withYield('            received = (yield)'), 'host.py');
    expect(r.warnings.some((x) => x.path === 'line 12' && x.message.includes('bare `yield`'))).toBe(true);
  });

  it('a `yield` with a value gives no warning', () => {
    const r = agentOk(withYield('            yield None'), 'host.py');
    expect(r.warnings.filter((x) => x.message.includes('yield'))).toEqual([]);
  });

  it('a real syntax error is still refused, with its line and column', () => {
    const r = parseAgentFile(withYield('            yield )'), 'host.py');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toMatch(/^Python syntax error at line 12, column \d+/);
  });

  it('a bare `yield` outside any function is still a syntax error', () => {
    const r = parseAgentFile(`from livekit.agents import Agent\nclass A(Agent):\n    pass\nyield\n`, 'a.py');
    expect(r.ok).toBe(false);
  });
});
