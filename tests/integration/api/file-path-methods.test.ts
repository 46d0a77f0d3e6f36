/**
 * The methods that name files by path (issue 32: the command line calls them by name) are refused through the
 * app's API, before anything is read or written; the command line's door (`files: true`) may call them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { useApiContext } from '../../support/api-context.js';

const example = (f: string) => path.resolve(import.meta.dirname, '../../../resources/example', f);
const callFile = path.resolve(import.meta.dirname, '../../fixtures/calls/vapi-call.json');

describe('methods that take paths', () => {
  const api = useApiContext();

  it('are refused for the app and web mode, naming the method, with nothing written', async () => {
    const backup = path.join(api.dir, 'copy.db');
    const asked: [string, unknown][] = [
      ['agents.importFiles', { files: [example('agent.json')] }],
      ['calls.importFiles', { agent_id: 'any', paths: [callFile] }],
      ['app.backup', { file: backup }],
    ];
    for (const [method, input] of asked) {
      const r = await dispatch(api.ctx, method, input);
      expect(r.ok, method).toBe(false);
      if (r.ok) continue;
      expect(r.error.code).toBe('invalid_input');
      expect(r.error.message).toBe(
        `${method} reads files by path, which only the command line may do; send the file's contents instead`,
      );
    }
    expect(api.store.agents.list()).toEqual([]);
    expect(api.store.runs.list()).toEqual([]);
    expect(fs.existsSync(backup)).toBe(false);
  });

  it('are answered where the door may name files', async () => {
    api.ctx.files = true;
    const [report] = (await api.call('agents.importFiles', { files: [example('agent.json')] })) as {
      kind?: string;
      id?: string;
    }[];
    expect(report.kind).toBe('agent');
    expect(api.store.agents.list().map((a) => a.id)).toEqual([report.id]);
    const backup = path.join(api.dir, 'copy.db');
    const out = await api.call('app.backup', { file: backup });
    expect(out).toEqual({ path: backup, bytes: fs.statSync(backup).size, source: api.store.file });
    const again = await dispatch(api.ctx, 'app.backup', { file: backup });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', path: 'force' } });
    const itself = await dispatch(api.ctx, 'app.backup', { file: api.store.file });
    expect(itself).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'file' } });
    expect(await api.call('app.backup', { file: backup, force: true })).toMatchObject({ path: backup });
  });
});
