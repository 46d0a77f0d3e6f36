/**
 * Issue 28: `command:` speech specs are a local user's setting (the desktop app, CLI flags). Web mode
 * refuses one in any call that would carry it, naming the field, before anything runs or is written:
 * holding the web token is not shell access. Real web server over HTTP, real espeak-ng on the desktop side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { commandSpeechSpecPaths } from '../../../src-main/app/speech/speech-policy.js';
import { WEB_TOKEN_NOTE } from '../../../src-main/server/security.js';
import { startWebServer } from '../../../src-main/server/web-server.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { smallGraph } from '../../support/graphs.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

let t: ReturnType<typeof tempDir>;
let store: Store;
let ctx: ApiContext;
let server: Awaited<ReturnType<typeof startWebServer>>;
let marker: string;
let agentId: string;
let suiteId: string;

beforeAll(async () => {
  t = tempDir('parley-web-command-');
  store = openStore(tempDbPath(t.dir));
  ctx = createApiContext(store, 'web');
  server = await startWebServer({ ctx, staticDir: t.dir });
  marker = path.join(t.dir, 'ran.txt');
  agentId = store.agents.create(smallGraph()).agent.id;
  suiteId = store.suites.create({ name: 's', tests: [{ name: 'a', caller_script: ['hi'] }] }, 's').id;
}, 30_000);
afterAll(async () => {
  await server?.close();
  await disposeApiContext(ctx);
  store.close();
  t.cleanup();
});

/** A command that would leave a trace if it ran. */
const touch = () => `command:["touch","${marker}"]`;

async function rpc(
  method: string,
  input: unknown,
): Promise<{ ok: boolean; error?: { path?: string; message: string } }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/rpc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { ok: boolean; error?: { path?: string; message: string } };
}

describe('web mode refuses command: speech specs, naming the field', () => {
  const cases: [string, () => unknown, string][] = [
    ['speech.test', () => ({ tts: touch(), stt: 'pocketsphinx' }), 'tts'],
    ['speech.test', () => ({ tts: 'espeak-ng', stt: ' command:touch x' }), 'stt'],
    ['speech.synthesize', () => ({ tts: touch(), text: 'hello' }), 'tts'],
    ['speech.transcribe', () => ({ stt: touch(), audio_base64: 'UklGRg==' }), 'stt'],
    ['speech.audioEval', () => ({ run_id: 'run_x', tts: touch() }), 'tts'],
    [
      'runs.start',
      () => ({
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: { provider: 'scripted', model: 'x.json' } },
        options: { speech: { tts: touch(), stt: 'pocketsphinx', audio_eval: true } },
      }),
      'options.speech.tts',
    ],
  ];

  it.each(cases)('%s: %s', async (method, input, field) => {
    const runsBefore = store.runs.list().length;
    const out = await rpc(method, input());
    expect(out.ok).toBe(false);
    expect(out.error?.path).toBe(field);
    expect(out.error?.message).toContain(`${field}: a command: speech spec runs a program on this computer`);
    expect(fs.existsSync(marker)).toBe(false);
    expect(store.runs.list().length).toBe(runsBefore);
  });

  it('presets stay usable from web mode', async () => {
    const out = await rpc('speech.synthesize', { tts: 'espeak-ng', text: 'hello' });
    expect(out.ok).toBe(true);
  }, 60_000);

  it('the desktop app (the local user) may use a command: spec', async () => {
    const desktop = createApiContext(store, 'desktop');
    try {
      const out = await dispatch(desktop, 'speech.synthesize', {
        tts: 'command:espeak-ng -w {out} --stdin',
        text: 'hello',
      });
      expect(out.ok, JSON.stringify(out)).toBe(true);
    } finally {
      await disposeApiContext(desktop);
    }
  }, 60_000);

  it('finds command: specs at any depth and only in speech fields', () => {
    expect(commandSpeechSpecPaths({ a: [{ tts: 'command:x' }], b: { stt: 'espeak-ng', note: 'command:y' } })).toEqual([
      'a[0].tts',
    ]);
  });

  it("web mode's start message says what the token gives and that command: specs are refused", () => {
    expect(WEB_TOKEN_NOTE).toMatch(/like a password/);
    expect(WEB_TOKEN_NOTE).toMatch(/command: speech specs .* are refused in web mode/);
  });
});
