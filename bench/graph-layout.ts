// Auto-layout (dagre, edge labels as boxes, long chains wrapped into rows) of graphs without positions:
// what the editor does once when it opens an imported flow, and what "Tidy up" does.
// Target: a 500-node graph in under 3 s on this 2-core machine (the editor waits for it once).
// Usage: npx tsx bench/graph-layout.ts
import { AgentGraph } from '../src-shared/schemas/index.js';
import { layoutGraph } from '../src-renderer/features/graph-editor/model/layout.js';
import { report, timeIt } from './lib.js';

/** A chain with a prompt condition on every edge and an else shortcut every 7 nodes (like an intake flow). */
const graph = (n: number) =>
  AgentGraph.parse({
    name: `chain of ${n}`,
    entry_node_id: 'n0',
    nodes: Array.from({ length: n }, (_, i) => ({
      id: `n${i}`,
      type: i === n - 1 ? 'end' : 'conversation',
      instruction: { mode: 'prompt', text: 'x' },
      transitions:
        i < n - 1
          ? [
              {
                id: `t${i}`,
                target: `n${i + 1}`,
                condition: { kind: 'prompt', prompt: `The caller answered question ${i}` },
              },
              ...(i % 7 === 0 && i + 5 < n ? [{ id: `s${i}`, target: `n${i + 5}`, condition: { kind: 'else' } }] : []),
            ]
          : [],
    })),
  });

const checks = [];
for (const [n, reps, limit] of [
  [20, 9, 500],
  [100, 5, 1500],
  [500, 3, 3000],
] as const) {
  const g = graph(n);
  const t = await timeIt(reps, () => layoutGraph(g));
  checks.push({
    name: `layout of ${n} nodes (median of ${reps})`,
    value: t.median,
    unit: 'ms',
    target: `< ${limit} ms`,
    ok: t.median < limit,
  });
}
report('Auto-layout of graphs without positions', checks);
