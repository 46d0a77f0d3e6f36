import type { RoutingPoint } from '../../src-shared/contract/analysis.js';
import type { AgentGraph, TestCase } from '../../src-shared/schemas/index.js';
import { pathAssertion } from '../../src-shared/checks/check-kinds.js';
import { NONE } from './routing.js';

/**
 * Misrouted lines as test cases with a path assertion, so a fix can be verified and kept: the caller
 * says the line at the node (scripted when the node is where the call starts, otherwise the caller is
 * told to get there first) and the path must reach the node the line was meant for.
 */
export function misroutedTests(g: AgentGraph, points: RoutingPoint[]): TestCase[] {
  const out: TestCase[] = [];
  for (const p of points) {
    const at = new Map(p.options.map((o) => [o.key, o]));
    p.utterances.forEach((u, i) => {
      if (u.intended === u.chosen) return;
      const meant = at.get(u.intended);
      const chosen = at.get(u.chosen);
      if (meant && !meant.target) return; // go-back: where it returns depends on the call
      const path =
        meant?.target != null
          ? pathAssertion({
              visit: [meant.target],
              avoid: chosen?.target && chosen.target !== meant.target ? [chosen.target] : [],
            })
          : pathAssertion({ avoid: chosen?.target ? [chosen.target] : [] });
      const direct = p.node_id === g.entry_node_id && g.first_speaker === 'agent';
      out.push({
        name: `routing ${p.node_id} #${i + 1}: ${u.intended === NONE ? 'no condition' : u.intended} (went to ${u.chosen})`,
        type: 'llm',
        ...(direct
          ? { caller_script: [u.text] }
          : {
              user_prompt: `You are a caller. Answer the agent naturally until it says something like: "${p.context.slice(0, 200)}". Then say exactly: "${u.text}"`,
            }),
        max_turns: direct ? 1 : 6,
        metrics: [],
        dynamic_variables: {},
        tool_mocks: [],
        includes: [],
        excludes: [],
        patterns: [],
        assertions: { path },
      });
    });
  }
  return out;
}
