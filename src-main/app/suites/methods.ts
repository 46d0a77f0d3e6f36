import { notFound } from '../door/errors.js';
import type { Methods } from '../method-table.js';

export const suiteMethods: Methods = {
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
