import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_REQUEST_BODY_BYTES } from '../../../src-shared/limits.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { startWebServer } from '../../../src-main/server/web-server.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { collect, parley } from '../safety/support.js';

/** A valid agent file of about `bytes` bytes whose text is mostly quotes and newlines (JSON escaping doubles them). */
function bigAgent(bytes: number): string {
  const base = {
    name: 'Big agent',
    entry_node_id: 'a',
    global_prompt: '',
    nodes: [{ id: 'a', type: 'end' }],
  };
  const overhead = Buffer.byteLength(JSON.stringify(base));
  // each `\"` + `\n` pair is 4 bytes in the file and 8 once the file is put in a JSON string
  const pairs = Math.floor((bytes - overhead) / 4);
  return JSON.stringify({ ...base, global_prompt: '"\n'.repeat(pairs) });
}

describe('one import size limit for the CLI and web mode', () => {
  it('the web body limit leaves room for any file the CLI imports, escaping included', () => {
    expect(MAX_REQUEST_BODY_BYTES).toBeGreaterThan(2 * MAX_IMPORT_BYTES);
  });

  it('a file just under the limit imports through the CLI and through web mode; one over it is refused by both with the same limit', async () => {
    const t = tempDir();
    const store = openStore(tempDbPath(t.dir));
    const ctx = createApiContext(store, 'web');
    const server = await startWebServer({ ctx, staticDir: t.dir });
    try {
      const under = bigAgent(MAX_IMPORT_BYTES - 4096);
      const over = bigAgent(MAX_IMPORT_BYTES + 4096);
      expect(Buffer.byteLength(under)).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
      const file = path.join(t.dir, 'big.json');
      fs.writeFileSync(file, under);
      const cli = await collect(parley(['import', file, '--db', path.join(t.dir, 'cli.db'), '--json']));
      expect(cli.code, cli.stderr).toBe(0);

      const post = (text: string) =>
        fetch(`http://127.0.0.1:${server.port}/rpc/agents.import`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
          body: JSON.stringify({ files: [{ name: 'big.json', text }] }),
        });
      const ok = await post(under);
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as { output: { ok: boolean; errors: unknown[] }[] };
      expect(body.output[0]).toMatchObject({ ok: true, errors: [] });

      const refused = (await (await post(over)).json()) as { output: { ok: boolean; errors: { message: string }[] }[] };
      expect(refused.output[0].ok).toBe(false);
      fs.writeFileSync(file, over);
      const cliOver = await collect(parley(['import', file, '--db', path.join(t.dir, 'cli.db')]));
      expect(cliOver.code).not.toBe(0);
      const limitText = /larger than the 10 MB limit/;
      expect(refused.output[0].errors[0].message).toMatch(limitText);
      expect(cliOver.stderr + cliOver.stdout).toMatch(limitText);
    } finally {
      await server.close();
      await disposeApiContext(ctx);
      store.close();
      t.cleanup();
    }
  }, 60_000);
});
