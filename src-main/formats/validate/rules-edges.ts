import type { AgentGraph, Condition } from '../../../src-shared/schemas/index.js';
import type { Reporter } from './reporter.js';

export interface EdgeRuleOptions {
  /** The source platform accepts a logic node without an else edge: report it as a warning. */
  logicWithoutElseIsWarning?: boolean;
}

/** Errors about a node's own edges: else on logic nodes, skip-response edges, orders, empty conditions, global entries. */
export function checkEdges(g: AgentGraph, r: Reporter, opts: EdgeRuleOptions = {}): void {
  g.nodes.forEach((n, i) => {
    const at = `nodes[${i}]`;
    const name = JSON.stringify(n.id);
    const elses = n.transitions.filter((t) => t.condition.kind === 'else');

    if (n.type === 'logic' && elses.length === 0) {
      const msg = `logic node ${name} has no else edge; expected exactly one else edge (the route taken when no condition matches)`;
      if (opts.logicWithoutElseIsWarning) r.warn(at, `${msg}. When nothing matches, the call stays on this node`);
      else r.error(at, msg);
    }
    if (elses.length > 1) {
      const j = n.transitions.indexOf(elses[1]);
      r.error(
        `${at}.transitions[${j}]`,
        `${n.type} node ${name} has ${elses.length} else edges; expected ${n.type === 'logic' ? 'exactly' : 'at most'} one else edge`,
      );
    }

    const skips = n.transitions.filter((t) => t.condition.kind === 'skip');
    if (n.type === 'conversation' && n.skip_response) {
      if (skips.length !== 1) {
        r.error(
          at,
          `node ${name} skips the caller's response but has ${skips.length} skip edges; expected exactly one skip edge and no other edges`,
        );
      }
      const others = n.transitions.filter((t) => t.condition.kind !== 'skip');
      if (others.length) {
        const j = n.transitions.indexOf(others[0]);
        r.error(
          `${at}.transitions[${j}]`,
          `node ${name} skips the caller's response but also has ${others.length} other edge${others.length === 1 ? '' : 's'} (${others.map((t) => t.condition.kind).join(', ')}); expected only its one skip edge`,
        );
      }
    } else if (skips.length) {
      const j = n.transitions.indexOf(skips[0]);
      r.warn(
        `${at}.transitions[${j}]`,
        `node ${name} has a skip edge but does not skip the caller's response, so the edge is never taken; expected skip response to be on (skipResponse: true) or a default edge`,
      );
    }

    const byOrder = new Map<number, number>();
    n.transitions.forEach((t, j) => {
      const tp = `${at}.transitions[${j}]`;
      if ((t.condition.kind === 'prompt' || t.condition.kind === 'equation') && t.order !== undefined) {
        const prev = byOrder.get(t.order);
        if (prev !== undefined) {
          r.error(
            `${tp}.order`,
            `condition edges ${JSON.stringify(n.transitions[prev].id)} and ${JSON.stringify(t.id)} of node ${name} both have order ${t.order}; expected a different order for each condition edge of a node`,
          );
        } else byOrder.set(t.order, j);
      }
      checkCondition(t.condition, `${tp}.condition`, `transition ${JSON.stringify(t.id)} of node ${name}`, r);
    });

    if (n.global) {
      if (n.global.entry_conditions.length === 0) {
        r.error(
          `${at}.global`,
          `global node ${name} has no entry condition; expected at least one condition (a global edge) that leads into it`,
        );
      }
      n.global.entry_conditions.forEach((c, k) =>
        checkCondition(
          c.condition,
          `${at}.global.entry_conditions[${k}].condition`,
          `global entry condition of node ${name}`,
          r,
        ),
      );
      n.global.go_back_conditions.forEach((c, k) =>
        checkCondition(
          c.condition,
          `${at}.global.go_back_conditions[${k}].condition`,
          `go-back condition of node ${name}`,
          r,
        ),
      );
    }
  });
}

function checkCondition(c: Condition, path: string, what: string, r: Reporter): void {
  if (c.kind === 'prompt' && !c.prompt.trim()) {
    r.error(
      `${path}.prompt`,
      `the prompt condition of ${what} is empty; expected the question the model answers to decide this transition`,
    );
  }
  if (c.kind === 'equation' && c.equations.length === 0) {
    r.error(
      `${path}.equations`,
      `the equation condition of ${what} has no equations; expected at least one {left, operator, right}`,
    );
  }
}
