import { beforeEach, describe, expect, it } from 'vitest';
import type { RoutingOutcome } from '../../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import {
  routingShown,
  routingSignature,
  useRoutingOverlay,
} from '../../../../src-renderer/features/graph-editor/analysis/routing-overlay.js';

const graph = {
  entry_node_id: 'greet',
  global_prompt: '',
  snippets: {},
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      position: { x: 0, y: 0 },
      transitions: [{ id: 'to_book', target: 'book', condition: { kind: 'prompt', prompt: 'books' } }],
    },
  ],
} as unknown as AgentGraph;

const outcome = {
  agent: { agent_id: 'a1', agent_name: 'A', version_id: 'v1', version: 1 },
  cancelled: false,
  report: {
    model: 'scripted:x',
    created_at: '',
    calls: 2,
    ms: 1,
    points: [
      {
        node_id: 'greet',
        context: '',
        options: [
          { key: 'to_book', target: 'book', scope: 'edge', prompt: 'books' },
          { key: 'to_cancel', target: 'cancel', scope: 'edge', prompt: 'cancels' },
        ],
        keys: ['to_book', 'to_cancel', 'none'],
        matrix: [],
        utterances: [{ text: 'x', intended: 'to_book', chosen: 'to_cancel', reason: '' }],
        accuracy: 0,
        steals: [{ from: 'to_book', to: 'to_cancel', count: 1 }],
        never_wins: [],
        no_lines: [],
        none_rate: 0,
        misrouted: 1,
      },
    ],
  },
} as unknown as RoutingOutcome;

describe('routing overlay: badges live exactly as long as the result describes the graph', () => {
  beforeEach(() => useRoutingOverlay.getState().clear());

  it('shows a result for its agent with the confused pair of edges', () => {
    const o = useRoutingOverlay.getState();
    o.show('a1', outcome, routingSignature(graph));
    const s = useRoutingOverlay.getState();
    expect(routingShown(s, 'a1')).toBe(true);
    expect(routingShown(s, 'a2')).toBe(false);
    expect([...s.confused].sort()).toEqual(['greet::to_book', 'greet::to_cancel']);
    expect(s.byNode.greet).toEqual({ accuracy: 0, misrouted: 1, lines: 1 });
  });

  it('hides it after an edit to routing, shows it again on undo, keeps it when a card only moves', () => {
    useRoutingOverlay.getState().show('a1', outcome, routingSignature(graph));
    const moved = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: 300, y: 40 } })) };
    useRoutingOverlay.getState().follow(routingSignature(moved));
    expect(useRoutingOverlay.getState().stale).toBe(false);
    const edited = {
      ...graph,
      nodes: graph.nodes.map((n) => ({
        ...n,
        transitions: n.transitions.map((t) => ({
          ...t,
          condition: { kind: 'prompt' as const, prompt: 'wants a visit' },
        })),
      })),
    };
    useRoutingOverlay.getState().follow(routingSignature(edited));
    expect(useRoutingOverlay.getState().stale).toBe(true);
    expect(routingShown(useRoutingOverlay.getState(), 'a1')).toBe(false);
    useRoutingOverlay.getState().follow(routingSignature(graph));
    expect(routingShown(useRoutingOverlay.getState(), 'a1')).toBe(true);
  });

  it('clears everything (new check, Clear result, editor left)', () => {
    useRoutingOverlay.getState().show('a1', outcome, routingSignature(graph));
    useRoutingOverlay.getState().clear();
    const s = useRoutingOverlay.getState();
    expect(s.outcome).toBeNull();
    expect(s.confused.size).toBe(0);
    expect(s.byNode).toEqual({});
    // following a graph with no result shown changes nothing
    s.follow('anything');
    expect(useRoutingOverlay.getState().stale).toBe(false);
  });

  it('keeps a running check per agent outside any tab: clear keeps it, its end replaces it with the result', () => {
    useRoutingOverlay.setState({ running: {} });
    const o = useRoutingOverlay.getState();
    o.started('a1', 'job-1', routingSignature(graph));
    o.started('a2', 'job-2', 'other');
    // the editor left (or Clear result): the result goes, the checks still running stay followed
    useRoutingOverlay.getState().clear();
    expect(useRoutingOverlay.getState().running).toEqual({
      a1: { jobId: 'job-1', signature: routingSignature(graph) },
      a2: { jobId: 'job-2', signature: 'other' },
    });
    useRoutingOverlay.getState().show('a1', outcome, useRoutingOverlay.getState().running.a1.signature);
    const s = useRoutingOverlay.getState();
    expect(routingShown(s, 'a1')).toBe(true);
    expect(Object.keys(s.running)).toEqual(['a2']);
  });

  it('a check that ends with nothing says why until the next one starts', () => {
    useRoutingOverlay.setState({ running: {} });
    useRoutingOverlay.getState().started('a1', 'job-1', routingSignature(graph));
    useRoutingOverlay.getState().ended('a1', 'Cancelled: nothing was stored.');
    expect(useRoutingOverlay.getState().running).toEqual({});
    expect(useRoutingOverlay.getState().failure).toEqual({ agentId: 'a1', text: 'Cancelled: nothing was stored.' });
    expect(useRoutingOverlay.getState().outcome).toBeNull();
    useRoutingOverlay.getState().started('a1', 'job-2', routingSignature(graph));
    expect(useRoutingOverlay.getState().failure).toBeNull();
  });
});
