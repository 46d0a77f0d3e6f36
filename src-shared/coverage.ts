import type { AgentGraph, Condition, GlobalCondition } from './schemas/graph.js';
import type { NodeVisit } from './schemas/run.js';

/**
 * Coverage of an agent graph by conversations (a run, or every run of a suite): which nodes were
 * entered, which edges were taken and which global nodes were reached. The one computation the app
 * (canvas heat map and gaps, "Cover the gaps") and the command line (`parley generate tests
 * --uncovered`) share, so both name the same gaps.
 *
 * What counts (the one definition every panel uses: run page path panel, the editor's Runs tab, suite
 * coverage, Cover the gaps, the CLI): every node of the graph counts once, the start node and global
 * nodes included (a conversation always enters the start node, so it is reached as soon as one ran; a
 * global node is reached when a conversation entered it). A node is reached when at least one
 * conversation entered it. Visits to nodes the graph does not have (a run of an older version) count
 * for nothing. Global nodes are also counted on their own ("1 of 2 global nodes"), as part of the nodes.
 *
 * Transition ids are unique within a node only, so an edge is named by its source and transition id
 * (`source::transition`, as on the canvas). An edge counts as taken when a conversation moved from its
 * source along it (`NodeVisit.via` is the transition id and the previous visit is the source).
 */
export interface CoverageEdge {
  /** `source::transition` (the canvas's edge key). */
  key: string;
  from: string;
  transition_id: string;
  to: string;
  condition: Condition;
  taken: number;
}

export interface CoverageGlobal {
  node: string;
  /** The global node's prompt entry conditions (what a caller must say to get there). */
  entry_conditions: { id: string; condition: GlobalCondition }[];
  entered: number;
}

export interface GraphCoverage {
  /** How many conversations were read. */
  conversations: number;
  /** Node id -> times entered (only nodes of the graph). */
  node_visits: Record<string, number>;
  edges: CoverageEdge[];
  globals: CoverageGlobal[];
  /** Nodes never entered, in graph order. */
  uncovered_nodes: string[];
  uncovered_edges: CoverageEdge[];
  uncovered_globals: CoverageGlobal[];
  /** Covered / total, 0..1 (null when the graph has none). */
  edge_share: number | null;
  node_share: number | null;
}

export const coverageEdgeKey = (from: string, transitionId: string): string => `${from}::${transitionId}`;

/** Node id -> times entered, and `source::transition` -> times taken, over many conversations' paths. */
export function countPaths(paths: readonly (readonly Pick<NodeVisit, 'node' | 'via'>[])[]): {
  nodes: Map<string, number>;
  edges: Map<string, number>;
} {
  const nodes = new Map<string, number>();
  const edges = new Map<string, number>();
  for (const p of paths) {
    p.forEach((v, i) => {
      nodes.set(v.node, (nodes.get(v.node) ?? 0) + 1);
      if (i > 0 && v.via) {
        const k = coverageEdgeKey(p[i - 1].node, v.via);
        edges.set(k, (edges.get(k) ?? 0) + 1);
      }
    });
  }
  return { nodes, edges };
}

/** Nodes never entered, in graph order, given how often each was entered. */
export function uncoveredNodes(graph: Pick<AgentGraph, 'nodes'>, visits: (id: string) => number | undefined): string[] {
  return graph.nodes.filter((n) => !visits(n.id)).map((n) => n.id);
}

/** How many of the graph's nodes were reached, and which were not (in graph order): reached + never = total. */
export interface NodeReach {
  reached: number;
  total: number;
  never: string[];
}

/** The graph's nodes reached, given how often each was entered (see the definition above). */
export function nodeReach(graph: Pick<AgentGraph, 'nodes'>, visits: (id: string) => number | undefined): NodeReach {
  const never = uncoveredNodes(graph, visits);
  return { reached: graph.nodes.length - never.length, total: graph.nodes.length, never };
}

/** "5 of 7 nodes": the nodes part of every coverage line. */
export const nodeReachText = (r: Pick<NodeReach, 'reached' | 'total'>): string =>
  `${r.reached} of ${r.total} node${r.total === 1 ? '' : 's'}`;

/** Coverage of `graph` by the conversations whose paths are given (each a result's `nodes_visited`). */
export function graphCoverage(
  graph: Pick<AgentGraph, 'nodes'>,
  paths: readonly (readonly Pick<NodeVisit, 'node' | 'via'>[])[],
): GraphCoverage {
  const counts = countPaths(paths);
  const node_visits: Record<string, number> = {};
  for (const n of graph.nodes) node_visits[n.id] = counts.nodes.get(n.id) ?? 0;
  const edges: CoverageEdge[] = graph.nodes.flatMap((n) =>
    n.transitions.map((t) => {
      const key = coverageEdgeKey(n.id, t.id);
      return {
        key,
        from: n.id,
        transition_id: t.id,
        to: t.target,
        condition: t.condition,
        taken: counts.edges.get(key) ?? 0,
      };
    }),
  );
  const globals: CoverageGlobal[] = graph.nodes
    .filter((n) => n.global)
    .map((n) => ({
      node: n.id,
      entry_conditions: (n.global?.entry_conditions ?? []).map((c) => ({ id: c.id, condition: c.condition })),
      entered: node_visits[n.id],
    }));
  const uncovered_edges = edges.filter((e) => !e.taken);
  const reach = nodeReach(graph, (id) => node_visits[id]);
  const share = (covered: number, total: number) => (total ? covered / total : null);
  return {
    conversations: paths.length,
    node_visits,
    edges,
    globals,
    uncovered_nodes: reach.never,
    uncovered_edges,
    uncovered_globals: globals.filter((g) => !g.entered),
    edge_share: share(edges.length - uncovered_edges.length, edges.length),
    node_share: share(reach.reached, reach.total),
  };
}

/** "7 of 9 edges (78%), 5 of 6 nodes, 1 of 2 global nodes": a one-line summary for both doors. */
export function coverageLine(c: GraphCoverage): string {
  const pct = (x: number | null) => (x === null ? '' : ` (${Math.round(x * 100)}%)`);
  const edges = `${c.edges.length - c.uncovered_edges.length} of ${c.edges.length} edge${c.edges.length === 1 ? '' : 's'}${pct(c.edge_share)}`;
  const total = Object.keys(c.node_visits).length;
  const nodes = nodeReachText({ reached: total - c.uncovered_nodes.length, total });
  const globals = c.globals.length
    ? `, ${c.globals.length - c.uncovered_globals.length} of ${c.globals.length} global node${c.globals.length === 1 ? '' : 's'}`
    : '';
  return `${edges}, ${nodes}${globals} reached by ${c.conversations} conversation${c.conversations === 1 ? '' : 's'}`;
}
