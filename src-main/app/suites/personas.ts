import fs from 'node:fs';
import path from 'node:path';
import type { GeneratedPersonas } from '../../../src-shared/contract/personas.js';
import { Persona, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { unknownKeyMessage, unknownKeys } from '../../../src-shared/schemas/unknown-keys.js';
import { parsePersonaMarkdown } from '../../formats/suites/persona-markdown.js';
import { generatePersonas } from '../../personas/generate.js';
import type { Store } from '../../store/index.js';
import { AppError, unavailable } from '../errors.js';
import { FileRefusal, readImportText } from '../agents/input-files.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ModelService } from '../models/models.js';
import { resolveAgentVersion } from '../refs/resolve.js';

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
      {
        kind: 'personas',
        title: `Propose callers for ${agent.name}`,
        unit: 'calls',
        total: 1,
        subject: { agent_id: agent.id },
      },
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

/** A persona read from a file, with the warnings about it (keys of a JSON persona no check reads). */
interface ReadPersona {
  persona: Persona;
  warnings: string[];
}

/** A persona file: Retell-style markdown (.md/.txt) or a Parley persona JSON object. */
function readPersona(file: string): ReadPersona {
  if (!fs.existsSync(file))
    throw new AppError({ code: 'not_found', message: `${file}: no such file`, path: 'files', file });
  let text: string;
  try {
    text = readImportText(file, 'persona file'); // fstat first, within the 10 MB import limit
  } catch (e) {
    if (e instanceof FileRefusal)
      throw new AppError({ code: 'invalid_input', message: e.message, path: 'files', file });
    throw e;
  }
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  if (!/\.json$/i.test(file)) return { persona: parsePersonaMarkdown(name, text), warnings: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new AppError({
      code: 'invalid_input',
      message: `${file}: (top level): expected valid JSON (${(e as Error).message})`,
      path: 'files',
      file,
    });
  }
  const parsed = Persona.safeParse(data);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new AppError({
      code: 'invalid_input',
      message: `${file}: ${i.path.join('.') || '(top level)'}: ${i.message}; expected a persona ({"name", "identity", "goal", "personality", "behaviours"}, see docs/test-format.md)`,
      path: 'files',
      file,
    });
  }
  const warnings = unknownKeys(Persona, data).map((u) => `${file}: ${u.path}: ${unknownKeyMessage(u, 'warning')}`);
  return { persona: parsed.data, warnings };
}

/** Persona files into the library: every file is checked before anything is stored, then all in one transaction. */
export function importPersonaFiles(store: Store, files: string[]) {
  const read = files.map(readPersona);
  return store.transaction(() =>
    read.map(({ persona, warnings }) => Object.assign(store.personas.create(persona, persona.name), { warnings })),
  );
}

/** A Retell-style markdown persona (the app's "Import markdown") into the library. */
export function importPersonaMarkdown(store: Store, name: string, markdown: string) {
  return store.personas.create(parsePersonaMarkdown(name, markdown), name);
}
