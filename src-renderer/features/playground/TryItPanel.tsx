import { useEffect } from 'react';
import type { PlaygroundMode, PlaygroundMove } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, Persona } from '../../../src-shared/schemas/index.js';
import { TryConversation } from './TryConversation.js';
import { TrySetup } from './TrySetup.js';
import { useTrySession } from './use-try-session.js';
import { useTrySetup } from './use-try-setup.js';
import './playground.css';

export interface TryItPanelProps {
  /** The agent to talk to. With `chooseAgent` it is only the first choice. */
  agentId?: string;
  /** Offer a choice of agent (the persona editor); otherwise `agentId` is fixed (the graph editor). */
  chooseAgent?: boolean;
  /** The graph on the editor's canvas (shown; tried when `unsaved`). */
  graph?: AgentGraph;
  /** The canvas holds edits of its own: its graph is tried instead of a stored version. */
  unsaved?: boolean;
  /** The stored version the canvas shows (tried when nothing was edited; absent: the latest). */
  versionId?: string | null;
  /** The caller persona (the persona editor's draft). Absent: simulated mode offers the persona library. */
  persona?: Persona;
  defaultMode?: PlaygroundMode;
  /** Called with the node the conversation is on as it moves (null when there is no conversation). */
  onLiveNode?(node: string | null): void;
  /** A decision-log move was clicked (to select its edge on a canvas). */
  onPickMove?(move: PlaygroundMove): void;
  /** A node badge was clicked. */
  onPickNode?(node: string): void;
  /** Shown above the setup (e.g. "Testing your unsaved changes"). */
  note?: string;
  testId?: string;
}

/**
 * "Try it": a live conversation with an agent. The persona's simulated caller speaks one turn at a
 * time (or on auto-play), or the user types as the caller. Agent text streams in as it is
 * generated; every agent turn carries its node, and every step its decision log (moves and why,
 * variables set, tools called). Start from the entry or any node, with variables and tool answers.
 */
export function TryItPanel({
  agentId,
  chooseAgent = false,
  graph,
  unsaved = false,
  versionId,
  persona,
  defaultMode = 'manual',
  onLiveNode,
  onPickMove,
  onPickNode,
  note,
  testId = 'try-it',
}: TryItPanelProps) {
  const s = useTrySession();
  const setup = useTrySetup({ agentId, chooseAgent, defaultMode, graph, unsaved, versionId, persona });
  const { values, input } = setup;
  const state = s.view.state;
  const live = state ? (s.view.liveNode ?? state.current_node) : null;
  useEffect(() => {
    onLiveNode?.(live);
  }, [live, onLiveNode]);
  useEffect(() => () => onLiveNode?.(null), [onLiveNode]);

  return (
    <section className="tp" data-testid={testId} aria-label="Try it">
      {state ? (
        <TryConversation
          s={s}
          graph={setup.graph}
          onPickMove={onPickMove}
          onPickNode={onPickNode}
          onRestart={() => (input ? void s.start(input) : void s.restart())}
        />
      ) : (
        <div className="tp-setup-wrap">
          {note && <div className="tp-note small">{note}</div>}
          {s.error && (
            <div className="error-box" role="alert" data-testid="try-error">
              <strong>Could not start: </strong>
              {s.error.message}
              {s.error.path?.startsWith('models.') && (
                <div className="small">
                  Check the {s.error.path === 'models.caller' ? 'caller' : 'agent'} model below (or its provider on the
                  Models page).
                </div>
              )}
            </div>
          )}
          {setup.fetchError && (
            <div className="error-box" role="alert">
              {setup.fetchError.message}
            </div>
          )}
          <TrySetup
            values={values}
            onChange={setup.setValues}
            graph={setup.graph}
            persona={persona}
            chooseAgent={chooseAgent}
            suites={setup.suites}
            problems={setup.problems}
            starting={s.starting}
            onStart={() => {
              if (input) void s.start(input);
            }}
          />
        </div>
      )}
    </section>
  );
}
