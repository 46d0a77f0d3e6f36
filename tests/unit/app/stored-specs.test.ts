import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedModelDefault, storedSpeechDefault } from '../../../src-main/app/runs/stored-specs.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { mkRun } from '../compare/build.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

let t: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(() => {
  t = tempDir();
  store = openStore(tempDbPath(t.dir));
});
afterEach(() => {
  store.close();
  t.cleanup();
});

const judge: ModelSpec = {
  provider: 'openai',
  model: 'gpt',
  endpoints: ['http://elsewhere.example:8080/v1'],
  api_key_env: 'CI_TOKEN',
  params: {},
};
const copied = mkRun({ id: 'r', options: { concurrency: 1, copied_from: ['ci.db'] } });
const own = mkRun({ id: 'o', options: { concurrency: 1 } });

describe('stored specs used by default (issue 28)', () => {
  it("the user's own run: its specs as stored", () => {
    expect(storedModelDefault(store, own, judge, 'judge', 'judges')).toBe(judge);
    expect(storedSpeechDefault(store, own, 'command:my-tts {out}', 'tts')).toBe('command:my-tts {out}');
  });

  it('a copied run: a host the user has not configured is refused, a configured one is used without api_key_env', () => {
    expect(() => storedModelDefault(store, copied, judge, 'judge', 'judges')).toThrow(
      /run r was copied from another database \(ci\.db\): its stored judge .* would call http:\/\/elsewhere\.example:8080, a host you have not configured/,
    );
    store.settings.set('models', { openai_endpoints: [{ name: 'ci', base_url: 'http://elsewhere.example:8080/v1' }] });
    const used = storedModelDefault(store, copied, judge, 'judge', 'judges');
    expect(used).toMatchObject({ provider: 'openai', endpoints: judge.endpoints });
    expect(used?.api_key_env).toBeUndefined();
  });

  it('a copied run: a command: speech spec is never used; presets are', () => {
    expect(() => storedSpeechDefault(store, copied, 'command:["sh","-c","id"]', 'tts')).toThrow(
      /runs a program \(command:\), so it is not used for you/,
    );
    expect(storedSpeechDefault(store, copied, 'espeak-ng', 'tts')).toBe('espeak-ng');
    expect(() => storedSpeechDefault(store, copied, 'openai:tts-1@http://elsewhere.example/v1', 'tts')).toThrow(
      /a host you have not configured/,
    );
  });
});
