import fs from 'node:fs';
import path from 'node:path';
import { CallFileError, CallImportError, importCalls, parseCallText, type ParsedCall } from '../../calls/index.js';
import { ApiFailure, notFound } from '../errors.js';
import { runManager } from './run-control.js';
import type { Handlers } from './types.js';

const invalid = (message: string, p?: string) =>
  new ApiFailure({ code: 'invalid_input', message, ...(p ? { path: p } : {}) });

/** `<db folder>/backups/parley-2026-11-22T06-30-00.db`. */
function backupPath(dbFile: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '-');
  return path.join(path.dirname(dbFile), 'backups', `${path.basename(dbFile).replace(/\.db$/, '')}-${stamp}.db`);
}

export const callHandlers: Handlers = {
  'calls.import': (ctx, { agent_id, agent_version_id, files, format }) => {
    const { store } = ctx;
    const agent = store.agents.summary(agent_id);
    if (!agent) throw notFound(`agent ${agent_id}`);
    const version = store.agents.getVersion(agent_version_id ?? agent.latest_version_id);
    if (!version || version.agent_id !== agent.id)
      throw invalid(`agent ${agent.name} has no version ${agent_version_id}`, 'agent_version_id');
    // every file is checked before anything is written
    const calls: ParsedCall[] = [];
    const errors: CallFileError[] = [];
    for (const f of files) {
      try {
        calls.push(parseCallText(f.name, f.text, format));
      } catch (e) {
        errors.push(
          e instanceof CallFileError ? e : new CallFileError(f.name, '', 'a call export', (e as Error).message),
        );
      }
    }
    if (errors.length) throw invalid(new CallImportError(errors).message, 'files');
    const name = files.length === 1 ? `imported call ${calls[0].name}` : `${files.length} imported calls`;
    const { run } = importCalls(
      store,
      { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
      calls,
      { suite_name: name },
    );
    return { run_id: run.id, calls: calls.length };
  },
  'runs.evaluate': async (ctx, input) => ({ run_id: await runManager(ctx).evaluate(input) }),
  'runs.replay': async (ctx, input) => ({ run_id: await runManager(ctx).replay(input) }),
  'app.backup': async (ctx) => {
    const dest = backupPath(ctx.store.file);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    await ctx.store.backup(dest);
    return { path: dest, bytes: fs.statSync(dest).size };
  },
};
