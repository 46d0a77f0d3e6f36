/**
 * Issue 28, items 12 and 13: commands end, with a message and an exit code.
 *  - `parley models check` against a server that is down exited 13 with no message after `[0/20] tasks`
 *    (an unsettled top-level await: the endpoint's probe timer did not keep the process alive)
 *  - `;rpm=0.0000001` and `;tpm=1` passed the checks and let about one call through per minute
 *  - a missing speech program kept the CLI alive for the program's 120 s time limit after its work
 * Real CLI processes and a real closed port. The speech test's time limit (100 s) is below the
 * program time limit the CLI used to wait out (120 s).
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, parley } from '../safety/support.js';
import { tempDir } from '../../support/tmp.js';

const t = tempDir('parley-cli-ends-');
afterAll(() => t.cleanup());
const db = () => path.join(t.dir, `${Math.random().toString(36).slice(2)}.db`);

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('parley models check against a model that cannot answer', () => {
  it('a server that is down: a message naming the model and the failure, exit 2, nothing stored', async () => {
    const port = await closedPort();
    const out = await collect(
      parley(['models', 'check', `openai:x@http://127.0.0.1:${port}/v1`, '--role', 'judge', '--db', db()]),
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(
      'SPEC: the model did not answer: every one of the 20 tasks failed, nothing was stored',
    );
    expect(out.stderr).toContain('connection refused');
  }, 180_000);

  it('a URL that is not http: refused with the reason, exit 2', async () => {
    const out = await collect(parley(['models', 'check', 'ollama:x@ftp://127.0.0.1:9', '--db', db()]));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/ftp:\/\/127\.0\.0\.1:9/);
  }, 120_000);
});

describe('endpoint limits that would crawl', () => {
  it.each([
    ['rpm=0.0000001', /option rpm=1e-7: expected a number of requests per minute, at least 1/],
    ['tpm=1', /option tpm=1: expected a whole number of tokens per minute, at least 1,000/],
  ])(
    ';%s is refused before anything runs',
    async (option, message) => {
      const out = await collect(parley(['models', 'check', `openai:x@http://127.0.0.1:9/v1;${option}`, '--db', db()]));
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(message);
    },
    120_000,
  );
});

describe('a missing speech program', () => {
  it('parley speech test names the program and the command ends', async () => {
    const out = await collect(
      parley(['speech', 'test', '--tts', 'command:parley-no-such-tts -w {out}', '--stt', 'pocketsphinx']),
    );
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('"parley-no-such-tts" was not found on PATH');
  }, 100_000);
});
