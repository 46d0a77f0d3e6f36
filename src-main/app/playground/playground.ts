import type { z } from 'zod';
import { PlaygroundStartInput, type PlaygroundState } from '../../../src-shared/contract/playground.js';
import { TestCase, type AgentGraph, type ModelSpec, type Persona } from '../../../src-shared/schemas/index.js';
import { callerPrompt } from '../../engine/conversation/caller.js';
import {
  idleText,
  InteractiveError,
  InteractiveSession,
  SessionPool,
  type SessionPoolOptions,
} from '../../engine/interactive/index.js';
import type { ChatModel } from '../../providers/index.js';
import { newId } from '../../store/ids.js';
import type { PlaygroundEvent } from '../../../src-shared/contract/events.js';
import type { Store } from '../../store/index.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';
import { AppError, invalid } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { resolveAgentVersion } from '../refs/resolve.js';
import { saveConversationAsRun, saveConversationAsTest, type SaveTestRequest } from './playground-save.js';

export type PlaygroundStartRequest = z.infer<typeof PlaygroundStartInput>;
type StartInput = PlaygroundStartRequest;

/** An interactive session's refusal as an application error. */
export function fromInteractive(e: unknown): unknown {
  if (!(e instanceof InteractiveError)) return e;
  return new AppError({ code: e.code === 'invalid' ? 'invalid_input' : 'conflict', message: e.message });
}

/**
 * Try-it conversations (interactive, not jobs): loads the models through the app's registry, opens the
 * engine's interactive sessions, sends their events on, and closes sessions that sit idle (30 minutes)
 * and every session on shutdown.
 */
export class PlaygroundService {
  readonly pool: SessionPool;
  private disposed = false;

  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly onEvent: (e: PlaygroundEvent) => void,
    opts: SessionPoolOptions = {},
  ) {
    this.pool = new SessionPool(opts);
  }

  private async load(role: 'agent' | 'caller', spec: ModelSpec): Promise<ChatModel> {
    try {
      return await this.models.load(role, spec);
    } catch (e) {
      // Try it says it in a sentence: "The agent model ... could not be loaded: ..."
      if (e instanceof AppError) throw new AppError({ ...e.error, message: `The ${e.error.message}` }, e.reason);
      throw e;
    }
  }

  private target(input: StartInput): { graph: AgentGraph; versionId: string | null; name: string } {
    const { agent, version } = resolveAgentVersion(this.store, input.agent_id, input.version_id, {
      agent: 'agent_id',
      version: 'version_id',
    });
    if (input.graph) return { graph: input.graph, versionId: null, name: input.graph.name || agent.name };
    return { graph: version.graph, versionId: version.id, name: agent.name };
  }

  private persona(input: StartInput): Persona | undefined {
    if (input.persona === undefined || typeof input.persona === 'object') return input.persona;
    const doc = this.store.personas.find(input.persona);
    if (!doc)
      throw invalid(`persona "${input.persona}" is not in the persona library (it may have been deleted)`, 'persona');
    return doc.data;
  }

  async start(input: StartInput): Promise<PlaygroundState> {
    if (this.disposed) throw new AppError({ code: 'unavailable', message: 'the app is shutting down' });
    const { graph, versionId, name } = this.target(input);
    const ids = graph.nodes.map((n) => n.id);
    if (input.start_node && !ids.includes(input.start_node)) {
      throw invalid(
        `node "${input.start_node}" is not in the graph of ${name} (nodes: ${ids.join(', ')})`,
        'start_node',
      );
    }
    if (!input.start_node && !ids.includes(graph.entry_node_id)) {
      throw invalid(
        `the start node "${graph.entry_node_id}" of ${name} does not exist: set a start node in the graph settings`,
        'graph.entry_node_id',
      );
    }
    const persona = this.persona(input);
    const test = TestCase.parse({
      name: 'Try it',
      ...(persona ? { persona } : {}),
      ...(input.user_prompt ? { user_prompt: input.user_prompt } : {}),
      dynamic_variables: input.dynamic_variables,
      tool_mocks: input.tool_mocks,
    });
    const simulated = input.mode === 'simulated';
    const agent = await this.load('agent', input.models.agent);
    const callerSpec = simulated ? (input.models.caller ?? input.models.agent) : undefined;
    const caller = callerSpec ? await this.load('caller', callerSpec) : undefined;
    const session = new InteractiveSession({
      id: newId('try'),
      graph,
      test,
      mode: input.mode,
      models: { agent, ...(caller ? { caller } : {}) },
      ...(simulated ? { callerPrompt: callerPrompt(test) } : {}),
      ...(input.start_node ? { startNode: input.start_node } : {}),
      ...(input.max_turns ? { maxTurns: input.max_turns } : {}),
      idleTimeoutMs: this.pool.idleMs,
      info: {
        agent_id: input.agent_id,
        version_id: versionId,
        agent_name: name,
        persona: persona?.name ?? null,
        models: { agent: modelLabel(input.models.agent), caller: callerSpec ? modelLabel(callerSpec) : null },
      },
      onEvent: (e) => this.onEvent(e),
    });
    await this.pool.add(session);
    return session.open();
  }

  session(id: string): InteractiveSession {
    const s = this.pool.get(id);
    if (!s) {
      throw new AppError({
        code: 'not_found',
        message: `this Try-it conversation is closed (conversations close after ${idleText(this.pool.idleMs)} without activity or when the app restarts): press Restart to start a new one`,
      });
    }
    return s;
  }

  /** "Save as test": the caller's lines as a caller_script test (variables, tool mocks, start node) in a suite. */
  saveTest(id: string, req: SaveTestRequest) {
    return saveConversationAsTest(this.store, this.session(id), req);
  }

  /** "Save as run": the conversation as a run of its agent version, like an imported call (judge it, compare it). */
  saveRun(id: string, name = '') {
    return saveConversationAsRun(this.store, this.session(id), name);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.pool.dispose();
  }
}
