import path from 'node:path';
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
import { appModels } from '../app-service.js';
import { newId } from '../../store/ids.js';
import { service, type ApiContext } from '../context.js';
import { ApiFailure, invalid } from '../errors.js';
import type { Handlers } from './types.js';
import { resolveAgentVersion } from '../../app/index.js';

type StartInput = z.infer<typeof PlaygroundStartInput>;

/** `scripted: scripted-model.json`, `ollama: llama3.2:3b` — short enough for a panel header. */
const modelLabel = (s: ModelSpec): string =>
  `${s.provider}: ${s.provider === 'llama-cpp' || s.provider === 'scripted' ? path.basename(s.model) : s.model}`;

/** A provider failure as an API error naming the role, the provider and the model. */
function fromInteractive(e: unknown): unknown {
  if (!(e instanceof InteractiveError)) return e;
  return new ApiFailure({ code: e.code === 'invalid' ? 'invalid_input' : 'conflict', message: e.message });
}

/**
 * Try-it conversations for the app: loads the models through the shared registry, opens engine
 * interactive sessions, forwards their events to the UI, and closes sessions that sit idle (30
 * minutes) and every session on shutdown.
 */
export class PlaygroundManager {
  readonly pool: SessionPool;
  private disposed = false;

  constructor(
    private readonly ctx: ApiContext,
    opts: SessionPoolOptions = {},
  ) {
    this.pool = new SessionPool(opts);
  }

  private async load(role: 'agent' | 'caller', spec: ModelSpec): Promise<ChatModel> {
    try {
      return await appModels(this.ctx).load(role, spec);
    } catch (e) {
      // Try it says it in a sentence: "The agent model ... could not be loaded: ..."
      if (e instanceof ApiFailure) throw new ApiFailure({ ...e.error, message: `The ${e.error.message}` }, e.reason);
      throw e;
    }
  }

  private target(input: StartInput): { graph: AgentGraph; versionId: string | null; name: string } {
    const { store } = this.ctx;
    const { agent, version } = resolveAgentVersion(store, input.agent_id, input.version_id, {
      agent: 'agent_id',
      version: 'version_id',
    });
    if (input.graph) return { graph: input.graph, versionId: null, name: input.graph.name || agent.name };
    return { graph: version.graph, versionId: version.id, name: agent.name };
  }

  private persona(input: StartInput): Persona | undefined {
    if (input.persona === undefined || typeof input.persona === 'object') return input.persona;
    const doc = this.ctx.store.personas.find(input.persona);
    if (!doc)
      throw invalid(`persona "${input.persona}" is not in the persona library (it may have been deleted)`, 'persona');
    return doc.data;
  }

  async start(input: StartInput): Promise<PlaygroundState> {
    if (this.disposed) throw new ApiFailure({ code: 'unavailable', message: 'the app is shutting down' });
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
      onEvent: (e) => this.ctx.events.emit(e),
    });
    await this.pool.add(session);
    return session.open();
  }

  session(id: string): InteractiveSession {
    const s = this.pool.get(id);
    if (!s) {
      throw new ApiFailure({
        code: 'not_found',
        message: `this Try-it conversation is closed (conversations close after ${idleText(this.pool.idleMs)} without activity or when the app restarts): press Restart to start a new one`,
      });
    }
    return s;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.pool.dispose();
  }
}

/** The app's Try-it manager: one per context, disposed (sessions stopped) with it. */
export const playgroundManager = (ctx: ApiContext): PlaygroundManager =>
  service(ctx, 'playground', () => new PlaygroundManager(ctx));

const wrap = async <T>(p: () => Promise<T>): Promise<T> => {
  try {
    return await p();
  } catch (e) {
    throw fromInteractive(e);
  }
};

export const playgroundHandlers: Handlers = {
  'playground.start': async (ctx, input) => {
    const state = await wrap(() => playgroundManager(ctx).start(input));
    return { session_id: state.session_id, state };
  },
  'playground.say': (ctx, { session_id, text, done }) =>
    wrap(() => playgroundManager(ctx).session(session_id).say(text, done)),
  'playground.step': (ctx, { session_id }) => wrap(() => playgroundManager(ctx).session(session_id).step()),
  'playground.stop': (ctx, { session_id }) => ({
    stopped: playgroundManager(ctx).pool.get(session_id)?.stop() ?? false,
  }),
  'playground.state': (ctx, { session_id }) => playgroundManager(ctx).session(session_id).state(),
};
