import type { GeneratedPersonas } from '../../src-shared/contract/personas.js';
import type { ModelSpec } from '../../src-shared/schemas/index.js';
import { generatePersonas } from '../personas/generate.js';
import type { Store } from '../store/index.js';
import { unavailable } from './errors.js';
import type { Job } from './jobs/job.js';
import type { JobRegistry } from './jobs/registry.js';
import type { ModelService } from './models.js';
import { resolveAgentVersion } from './resolve.js';

export interface GenerateRequest {
  /** Agent id or unique name (its latest version is described to the model). */
  agent_id: string;
  model: ModelSpec;
  count?: number;
}

/** Personas proposed from an agent's graph (one model call); nothing is stored: the user reviews them. */
export class PersonaService {
  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly jobs: JobRegistry,
  ) {}

  /** Starts the proposal as a job once the agent is found and the model loaded (a refusal is an error). */
  generate(req: GenerateRequest): Promise<Job<GeneratedPersonas>> {
    const { agent, version } = resolveAgentVersion(this.store, req.agent_id, undefined, { agent: 'agent_id' });
    const name = `${req.model.provider}:${req.model.model}`;
    return this.jobs.startWhenReady(
      { kind: 'personas', title: `Propose callers for ${agent.name}`, unit: 'calls', total: 1, subject: { agent_id: agent.id } },
      async (ctl) => {
        const chat = await this.models.load('agent', req.model, { signal: ctl.signal, path: 'model' });
        ctl.progress(0);
        try {
          const personas = await generatePersonas(version.graph, chat, { count: req.count, signal: ctl.signal });
          ctl.tick();
          return { personas };
        } catch (e) {
          if (ctl.signal.aborted) throw e;
          throw unavailable(`generating personas with ${name} failed: ${(e as Error).message}`, 'model');
        }
      },
    );
  }
}
