/**
 * Issue 28, items 6 and 13 (model files): a file named as a model is opened only if fstat says it is a
 * regular file within its limit, and its content is never quoted. `scripted:/dev/zero` in a shared test
 * file grew to 8.6 GB in 60 s; `scripted:/etc/passwd` was refused quoting its first bytes;
 * `piper:/dev/zero` and `whisper-cli:/dev/zero` hung hashing the "model". A test file's local model
 * paths must also lie in a folder the user's own models come from, or need the user's consent.
 * Real CLI processes, real files (a sparse 2.5 GB file costs no disk).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/tmp.js';
import { collect, parley, ROOT } from '../safety/support.js';

let t: ReturnType<typeof tempDir>;
let sparse: string;
beforeAll(() => {
  t = tempDir('parley-model-files-');
  sparse = path.join(t.dir, 'huge.json');
  const fd = fs.openSync(sparse, 'w');
  fs.ftruncateSync(fd, 2.5 * 1024 * 1024 * 1024);
  fs.closeSync(fd);
  fs.copyFileSync(path.join(ROOT, 'resources/example/scripted-model.json'), path.join(t.dir, 'own-model.json'));
  fs.writeFileSync(
    path.join(t.dir, 'agent.json'),
    JSON.stringify({
      name: 'Desk',
      entry_node_id: 'greeting',
      first_speaker: 'agent',
      nodes: [
        { id: 'greeting', type: 'conversation', instruction: { mode: 'prompt', text: 'Greet.' }, transitions: [] },
      ],
    }),
  );
});
afterAll(() => t.cleanup());

/** `parley run` of a one-test suite whose test names `llm_model`, with test model precedence. */
async function runWithTestModel(model: string, ...extra: string[]) {
  const suite = path.join(t.dir, `suite-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(
    suite,
    JSON.stringify({ name: 's', tests: [{ name: 'own model', caller_script: ['hi'], llm_model: model }] }),
  );
  return collect(
    parley([
      'run',
      '--db',
      path.join(t.dir, 'p.db'),
      '--agent',
      path.join(t.dir, 'agent.json'),
      '--tests',
      suite,
      '--agent-model',
      `scripted:${path.join(t.dir, 'own-model.json')}`,
      '--test-model-precedence',
      ...extra,
    ]),
  );
}

describe("a test file's local model paths", () => {
  it('outside the folders of your own models: refused naming the test and the file, unless you consent', async () => {
    const out = await runWithTestModel('scripted:/etc/hostname');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('test "own model" (tests[0].llm_model)');
    expect(out.stderr).toContain(
      'would open the local file /etc/hostname, outside the folders your own models come from',
    );
    expect(out.stderr).toContain('--allow-test-endpoints');
  }, 120_000);

  it.each([
    ['scripted:/dev/zero', /scripted model file "\/dev\/zero" is not a regular file/],
    ['llama-cpp:/dev/zero', /the model file "\/dev\/zero" is not a regular file/],
    ['scripted:HUGE', /scripted model file ".*huge\.json" is 2\.5 GB, larger than the 10 MB limit/],
  ])(
    '%s with consent: refused from fstat before a byte is read',
    async (model, message) => {
      const out = await runWithTestModel(model.replace('HUGE', sparse), '--allow-test-endpoints');
      expect(out.code).not.toBe(0);
      expect(out.stderr).toMatch(message);
    },
    120_000,
  );

  it('scripted:/etc/passwd with consent: refused as not a scripted model, without quoting a byte of it', async () => {
    const passwd = fs.readFileSync('/etc/passwd', 'utf8');
    const out = await runWithTestModel('scripted:/etc/passwd', '--allow-test-endpoints');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('/etc/passwd: not valid JSON; expected a scripted model');
    for (const word of passwd
      .split(/[:\n]/)
      .filter((w) => w.length > 3)
      .slice(0, 20))
      expect(out.stderr).not.toContain(`${word}:`);
    expect(out.stderr).not.toMatch(/root:x/);
  }, 120_000);
});

describe('speech model files', () => {
  it.each([
    ['--tts', 'piper:/dev/zero'],
    ['--stt', 'whisper-cli:/dev/zero'],
    ['--stt', 'whisper:/dev/zero'],
  ])(
    '%s %s: refused as not a regular file, and the command ends',
    async (flag, spec) => {
      const args = ['speech', 'test', '--tts', 'espeak-ng', '--stt', 'pocketsphinx'];
      args[args.indexOf(flag) + 1] = spec;
      const out = await collect(parley(args));
      expect(out.code).not.toBe(0);
      expect(out.stderr).toMatch(/"\/dev\/zero" is not a regular file/);
    },
    120_000,
  );
});
