import { importPersonaFiles, importPersonaMarkdown } from './personas.js';
import { requireFileAccess } from '../door/files.js';
import { notFound } from '../door/errors.js';
import type { Methods } from '../method-table.js';
import { appOf } from '../door/app-service.js';

export const personaMethods: Methods = {
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
  'personas.generate': async (ctx, { agent_id, model, count }) => ({
    job_id: (await appOf(ctx).personas.generate({ agent_id, model, count })).id,
  }),
  'personas.importFiles': (ctx, { files }) => {
    requireFileAccess(ctx, 'personas.importFiles');
    return importPersonaFiles(ctx.store, files);
  },
  'personas.importMarkdown': (ctx, { name, markdown }) => importPersonaMarkdown(ctx.store, name, markdown),
};
