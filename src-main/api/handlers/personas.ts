import { parsePersonaMarkdown } from '../../formats/suites/persona-markdown.js';
import { ApiFailure, notFound } from '../errors.js';
import type { Handlers } from './types.js';
import { ModelSpec } from '../../../src-shared/schemas/index.js';
import { generatePersonas } from '../../personas/generate.js';
import { sharedProviders } from '../providers-service.js';
import { resolveAgentVersion } from '../../app/index.js';
import { appModels } from '../app-service.js';

export const personaHandlers: Handlers = {
  'personas.list': (ctx) => ctx.store.personas.list(),
  'personas.get': (ctx, { id }) =>
    ctx.store.personas.get(id) ??
    (() => {
      throw notFound(`persona ${id}`);
    })(),
  'personas.save': (ctx, { id, persona }) => {
    if (!id) return ctx.store.personas.create(persona, persona.name);
    if (!ctx.store.personas.get(id)) throw notFound(`persona ${id}`);
    return ctx.store.personas.update(id, persona, persona.name);
  },
  'personas.delete': (ctx, { id }) => ({ deleted: ctx.store.personas.delete(id) }),
  'personas.generate': async (ctx, { agent_id, model, count }) => {
    const { graph } = resolveAgentVersion(ctx.store, agent_id, undefined, { agent: 'agent_id' }).version;
    const spec = ModelSpec.parse(model);
    let chat;
    try {
      chat = await sharedProviders(ctx).load(appModels(ctx).withDefaults(spec));
    } catch (e) {
      throw new ApiFailure({
        code: 'invalid_input',
        message: `model ${spec.provider}:${spec.model} could not be loaded: ${(e as Error).message}`,
        path: 'model',
      });
    }
    try {
      return { personas: await generatePersonas(graph, chat, { count }) };
    } catch (e) {
      throw new ApiFailure({
        code: 'unavailable',
        message: `generating personas with ${spec.provider}:${spec.model} failed: ${(e as Error).message}`,
        path: 'model',
      });
    }
  },
  'personas.importMarkdown': (ctx, { name, markdown }) => {
    const persona = parsePersonaMarkdown(name, markdown);
    return ctx.store.personas.create(persona, name);
  },
};
