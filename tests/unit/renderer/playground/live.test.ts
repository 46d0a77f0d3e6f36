import { describe, expect, it } from 'vitest';
import type { PlaygroundState } from '../../../../src-shared/contract/playground.js';
import { emptyView, reduceView, shownTurns, type LiveView } from '../../../../src-renderer/features/playground/live.js';

const state = (over: Partial<PlaygroundState> = {}): PlaygroundState => ({
  session_id: 's1',
  agent_id: 'a',
  version_id: 'v',
  agent_name: 'A',
  mode: 'manual',
  models: { agent: 'scripted: x', caller: null },
  persona: null,
  start_node: null,
  current_node: 'greet',
  transcript: [{ role: 'agent', content: 'Hi', node: 'greet' }],
  visits: [{ node: 'greet', turn: 0, reason: 'entry' }],
  variables: {},
  steps: [
    { index: 0, kind: 'open', turns: { from: 0, to: 1 }, moves: [], routes: [], variables: [], tools: [], ms: 1 },
  ],
  turns: 0,
  max_turns: 40,
  busy: false,
  ended: false,
  end_reason: null,
  error: null,
  tokens: { prompt: 0, completion: 0 },
  idle_timeout_ms: 1000,
  ...over,
});

const run = (v: LiveView, ...actions: Parameters<typeof reduceView>[1][]) => actions.reduce(reduceView, v);

describe('Try-it live view', () => {
  it('streams the step in progress: typed words, tokens, turns and the node, until the state replaces them', () => {
    let v = run(
      emptyView,
      { type: 'adopt', sessionId: 's1' },
      { type: 'state', state: state() },
      { type: 'typed', text: 'I want to book' },
    );
    expect(shownTurns(v)).toHaveLength(1);
    v = run(
      v,
      {
        type: 'event',
        e: {
          type: 'playground.turn',
          session_id: 's1',
          step: 1,
          index: 1,
          turn: { role: 'caller', content: 'I want to book', node: 'greet' },
        },
      },
      { type: 'event', e: { type: 'playground.node', session_id: 's1', step: 1, node: 'ask', reason: 'x' } },
      { type: 'event', e: { type: 'playground.token', session_id: 's1', step: 1, role: 'agent', chunk: 'Sure, ' } },
      { type: 'event', e: { type: 'playground.token', session_id: 's1', step: 1, role: 'agent', chunk: 'your name?' } },
    );
    expect(v.typed).toBeNull();
    expect(v.liveNode).toBe('ask');
    expect(v.partial).toEqual({ role: 'agent', text: 'Sure, your name?' });
    expect(shownTurns(v).map((t) => t.content)).toEqual(['Hi', 'I want to book']);
    v = run(v, {
      type: 'event',
      e: {
        type: 'playground.turn',
        session_id: 's1',
        step: 1,
        index: 2,
        turn: { role: 'agent', content: 'Sure, your name?', node: 'ask' },
      },
    });
    expect(v.partial).toBeNull();
    const after = state({
      current_node: 'ask',
      transcript: [
        ...state().transcript,
        { role: 'caller', content: 'I want to book' },
        { role: 'agent', content: 'Sure, your name?', node: 'ask' },
      ],
      steps: [
        ...state().steps,
        { index: 1, kind: 'caller', turns: { from: 1, to: 3 }, moves: [], routes: [], variables: [], tools: [], ms: 1 },
      ],
    });
    v = run(v, { type: 'state', state: after });
    expect(v).toMatchObject({ pending: {}, partial: null, liveNode: 'ask', typed: null });
    expect(shownTurns(v)).toHaveLength(3);
  });

  it('late events of a finished step and events of other sessions are ignored; an older state never wins', () => {
    const two = state({
      steps: [
        ...state().steps,
        { index: 1, kind: 'caller', turns: { from: 1, to: 1 }, moves: [], routes: [], variables: [], tools: [], ms: 1 },
      ],
    });
    const v = run(emptyView, { type: 'adopt', sessionId: 's1' }, { type: 'state', state: two });
    const late = run(
      v,
      { type: 'event', e: { type: 'playground.token', session_id: 's1', step: 1, role: 'agent', chunk: 'stale' } },
      {
        type: 'event',
        e: { type: 'playground.turn', session_id: 's1', step: 0, index: 0, turn: { role: 'agent', content: 'Hi' } },
      },
      { type: 'event', e: { type: 'playground.token', session_id: 'other', step: 5, role: 'agent', chunk: 'x' } },
      { type: 'state', state: state() },
      { type: 'state', state: state({ session_id: 'other' }) },
    );
    expect(late).toBe(v);
  });
});
