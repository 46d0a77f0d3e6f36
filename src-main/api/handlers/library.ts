import { parsePersonaMarkdown } from '../../../src-shared/persona-markdown.js';
import { ApiFailure, notFound } from '../errors.js';
import type { Handlers } from './types.js';
import { ModelSpec } from '../../../src-shared/schemas/index.js';
import { generatePersonas } from '../../personas/generate.js';
import { sharedProviders } from '../providers-service.js';

export const libraryHandlers: Handlers = {
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
    const agent = ctx.store.agents.summary(agent_id);
    if (!agent) throw notFound(`agent ${agent_id}`);
    const graph = ctx.store.agents.latest(agent.id)!.graph;
    const spec = ModelSpec.parse(model);
    let chat;
    try {
      chat = await sharedProviders(ctx).load(spec);
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

  'suites.list': (ctx) => ctx.store.suites.list(),
  'suites.get': (ctx, { id }) =>
    ctx.store.suites.get(id) ??
    (() => {
      throw notFound(`suite ${id}`);
    })(),
  'suites.save': (ctx, { id, suite, agent_id }) => {
    const name = suite.name || 'Untitled suite';
    if (!id) return ctx.store.suites.create(suite, name, { agent_id });
    if (!ctx.store.suites.get(id)) throw notFound(`suite ${id}`);
    return ctx.store.suites.update(id, suite, name);
  },
  'suites.delete': (ctx, { id }) => ({ deleted: ctx.store.suites.delete(id) }),
  'suites.export': (ctx, { id, format }) => {
    const doc = ctx.store.suites.get(id);
    if (!doc) throw notFound(`suite ${id}`);
    const base = doc.name.replace(/[^\w.-]+/g, '_') || 'suite';
    if (format === 'voicetest')
      return { text: JSON.stringify(doc.data.tests, null, 2) + '\n', filename: `${base}.tests.json` };
    return { text: JSON.stringify(doc.data, null, 2) + '\n', filename: `${base}.suite.json` };
  },
};
