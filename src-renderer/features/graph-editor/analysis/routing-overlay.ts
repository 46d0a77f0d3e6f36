import { useEffect } from 'react';
import { create } from 'zustand';
import type { RoutingOutcome, RoutingPoint } from '../../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { edgeKey } from '../model/edge-key.js';

export interface RoutingOverlay {
  /** The agent the last routing check was for (the canvas shows nothing for another agent). */
  agentId: string | null;
  /** The last check's result (the Checks tab shows it again when it reopens), until it is gone. */
  outcome: RoutingOutcome | null;
  /** The routing signature of the graph the result was shown on (see routingSignature). */
  signature: string;
  /** The graph was edited since (its routing differs): the result no longer describes it, no badges. */
  stale: boolean;
  byNode: Record<string, { accuracy: number; misrouted: number; lines: number }>;
  /** Edge keys (source::transition) of conditions that took or lost lines meant for another. */
  confused: Set<string>;
  /** The decision points of the last check, by node id (the edge inspector lists their caller lines). */
  points: Record<string, RoutingPoint>;
  /**
   * The check running now, per agent: its job and the routing signature of the graph it was started
   * on. It lives here, not in the Checks tab, so a tab switch (or leaving the editor) does not lose it:
   * the tab follows it again when it reopens, and its outcome lands here when it ends (use-routing-job.ts).
   */
  running: Record<string, RunningCheck>;
  /** Why the last check of an agent ended with nothing to show (failed, cancelled), until the next one. */
  failure: { agentId: string; text: string } | null;
  show(agentId: string, outcome: RoutingOutcome, signature: string): void;
  /** A check of this agent started as this job (the last result went when it was asked for: clear). */
  started(agentId: string, jobId: string, signature: string): void;
  /** The check of this agent ended with nothing to show: why. */
  ended(agentId: string, why: string): void;
  /** The editor's graph now has this signature: the result is stale unless it is the one it was shown on. */
  follow(signature: string): void;
  /** The result is gone (cleared, a new check started, the editor left): so are its badges. A running check goes on. */
  clear(): void;
}

export interface RunningCheck {
  jobId: string;
  /** The routing signature of the editor's graph when the check started: its result describes that graph. */
  signature: string;
}

const empty = () => ({
  agentId: null,
  outcome: null,
  signature: '',
  stale: false,
  byNode: {},
  confused: new Set<string>(),
  points: {},
  failure: null,
});

const without = (running: Record<string, RunningCheck>, agentId: string) => {
  const { [agentId]: _gone, ...rest } = running;
  return rest;
};

/** The last routing check's results on the canvas: a badge per decision point, confused edges highlighted. */
export const useRoutingOverlay = create<RoutingOverlay>((set, get) => ({
  ...empty(),
  running: {},
  show(agentId, outcome, signature) {
    const byNode: RoutingOverlay['byNode'] = {};
    const confused = new Set<string>();
    for (const p of outcome.report.points) {
      byNode[p.node_id] = { accuracy: p.accuracy, misrouted: p.misrouted, lines: p.utterances.length };
      const edges = new Set(p.options.filter((o) => o.scope === 'edge').map((o) => o.key));
      for (const s of p.steals) for (const k of [s.from, s.to]) if (edges.has(k)) confused.add(edgeKey(p.node_id, k));
    }
    const points = Object.fromEntries(outcome.report.points.map((p) => [p.node_id, p]));
    set((s) => ({
      agentId,
      outcome,
      signature,
      stale: false,
      byNode,
      confused,
      points,
      failure: null,
      running: without(s.running, agentId),
    }));
  },
  started(agentId, jobId, signature) {
    set((s) => ({ running: { ...s.running, [agentId]: { jobId, signature } }, failure: null }));
  },
  ended(agentId, why) {
    set((s) => ({ running: without(s.running, agentId), failure: { agentId, text: why } }));
  },
  follow(signature) {
    const s = get();
    if (s.outcome && s.stale !== (signature !== s.signature)) set({ stale: signature !== s.signature });
  },
  clear() {
    set(empty());
  },
}));

/** Whether the canvas shows the last check for this agent (not stale, not another agent's). */
export const routingShown = (s: RoutingOverlay, agentId: string | null | undefined): boolean =>
  !!s.outcome && !s.stale && !!agentId && s.agentId === agentId;

/**
 * What routing depends on in a graph: everything but where the cards sit. A check's badges stay while
 * this is unchanged (moving a card keeps them; editing a condition, a prompt or a target hides them).
 */
export function routingSignature(
  g: Pick<AgentGraph, 'nodes' | 'global_prompt' | 'snippets' | 'entry_node_id'>,
): string {
  return JSON.stringify([g.entry_node_id, g.global_prompt, g.snippets, g.nodes.map(({ position: _p, ...n }) => n)]);
}

/**
 * In the editor: the routing result follows the graph being edited (an edit hides its badges, undo
 * brings them back) and is gone when the editor of this agent closes.
 */
export function useRoutingFollowsGraph(agentId: string, graph: AgentGraph): void {
  const has = useRoutingOverlay((s) => !!s.outcome && s.agentId === agentId);
  useEffect(() => {
    if (has) useRoutingOverlay.getState().follow(routingSignature(graph));
  }, [has, graph]);
  useEffect(
    () => () => {
      if (useRoutingOverlay.getState().agentId === agentId) useRoutingOverlay.getState().clear();
    },
    [agentId],
  );
}
