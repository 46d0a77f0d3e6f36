/**
 * Issue 28, item 1: spoken text never becomes a speech program's option. A line such as
 * `--phonout=FILE` (espeak-ng truncates FILE) or `-fFILE` (espeak-ng reads FILE aloud) reaches the
 * engine as text: the presets pass it on stdin or in a temp file, and a `command:` template with a
 * bare {text} where an option can be read is refused. Real espeak-ng, flite and pocketsphinx.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechRegistry, durationMs } from '../../../src-main/speech/index.js';
import { SPEECH_PRESETS } from '../../../src-main/speech/presets.js';
import { bareTextProblem, parseSpeechSpec } from '../../../src-main/speech/spec.js';
import { openStore } from '../../../src-main/store/index.js';
import { tempDir } from '../../support/tmp.js';
import { ROOT } from '../safety/support.js';

let t: ReturnType<typeof tempDir>;
let canary: string;
let secret: string;
const CANARY_TEXT = 'this file must keep its bytes\n';
// read aloud, this is minutes of audio; the text "-f<path>" itself is a few seconds
const SECRET_TEXT = 'secret password. '.repeat(200);

beforeAll(() => {
  t = tempDir('parley-spoken-options-');
  canary = path.join(t.dir, 'canary.txt');
  secret = path.join(t.dir, 'secret.txt');
  fs.writeFileSync(canary, CANARY_TEXT);
  fs.writeFileSync(secret, SECRET_TEXT);
});
afterAll(() => t.cleanup());

const parley = (...args: string[]) => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/parley.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('the presets never put the spoken text in argv', () => {
  it('no preset puts {text} where an option is read; say reads a temp file, flite an argument led by a space, the others stdin', () => {
    for (const p of SPEECH_PRESETS) {
      expect(bareTextProblem(p.argv), p.name).toBeUndefined();
      expect(
        p.argv.filter((a) => a.includes('{text}')),
        p.name,
      ).toEqual(p.name === 'flite' ? [' {text}'] : []);
    }
    expect(SPEECH_PRESETS.find((p) => p.name === 'say')?.argv.slice(-2)).toEqual(['-f', '{text_file}']);
  });

  it.each(['espeak-ng', 'flite'])(
    '%s: "--phonout=FILE" leaves FILE alone and "-fFILE" is spoken as those characters, not FILE',
    async (preset) => {
      const speech = createSpeechRegistry();
      const tts = speech.tts(preset);
      await tts.tts(`--phonout=${canary}`);
      await tts.tts(`-w${canary}`);
      expect(fs.readFileSync(canary, 'utf8')).toBe(CANARY_TEXT);
      const spoken = await tts.tts(`-f${secret}`);
      // the file read aloud would be minutes long; the characters of the line take a few seconds
      expect(durationMs(spoken.audio)).toBeLessThan(15_000);
      const heard = await speech.stt('pocketsphinx').stt(spoken.audio);
      expect(heard.text).not.toMatch(/password/i);
    },
    120_000,
  );

  it('a voice that starts with "-" is refused before the program runs', async () => {
    const tts = createSpeechRegistry().tts('espeak-ng');
    await expect(tts.tts('hello', `--phonout=${canary}`)).rejects.toThrow(/voice "--phonout=.*" starts with "-"/);
    expect(fs.readFileSync(canary, 'utf8')).toBe(CANARY_TEXT);
  });
});

describe('command: templates', () => {
  it('a bare {text} where an option is read is refused; after -- or inside an argument it is accepted', () => {
    expect(() => parseSpeechSpec('command:espeak-ng -w {out} {text}', 'tts')).toThrow(
      /argument 3 "\{text\}" puts the spoken text where the program reads options/,
    );
    expect(() => parseSpeechSpec('command:["flite","{text}","-o","{out}"]', 'tts')).toThrow(/argument 1/);
    expect(parseSpeechSpec('command:espeak-ng -w {out} -- {text}', 'tts')).toMatchObject({ engine: 'command' });
    expect(parseSpeechSpec('command:flite -t x{text} -o {out}', 'tts')).toMatchObject({ engine: 'command' });
  });

  it('with -- before {text}, espeak-ng reads "--phonout=FILE" as text', async () => {
    const tts = createSpeechRegistry().tts('command:espeak-ng -w {out} -- {text}');
    await tts.tts(`--phonout=${canary}`);
    expect(fs.readFileSync(canary, 'utf8')).toBe(CANARY_TEXT);
  }, 60_000);

  it('the CLI refuses a bare {text} template naming the flag, and writes nothing', () => {
    const db = path.join(t.dir, 'refused.db');
    const out = parley('speech', 'test', '--tts', 'command:espeak-ng -w {out} {text}', '--stt', 'pocketsphinx');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--tts');
    expect(out.stderr).toContain('where the program reads options');
    expect(fs.existsSync(db)).toBe(false);
  }, 60_000);
});

describe('a run whose agent line and caller line look like options', () => {
  it('speaks both as text: no file is truncated, no file is read aloud and stored as heard', () => {
    const agent = path.join(t.dir, 'agent.json');
    const suite = path.join(t.dir, 'suite.json');
    fs.writeFileSync(
      agent,
      JSON.stringify({
        name: 'Option lines',
        entry_node_id: 'greeting',
        first_speaker: 'agent',
        nodes: [
          {
            id: 'greeting',
            type: 'conversation',
            instruction: { mode: 'static', text: `--phonout=${canary}` },
            transitions: [],
          },
        ],
      }),
    );
    fs.writeFileSync(
      suite,
      JSON.stringify({
        name: 'options',
        tests: [{ name: 'option lines', caller_script: [`-f${secret}`], caller_script_ends_call: true }],
      }),
    );
    const db = path.join(t.dir, 'run.db');
    const run = parley(
      'run',
      '--db',
      db,
      '--agent',
      agent,
      '--tests',
      suite,
      '--agent-model',
      `scripted:${path.join(ROOT, 'resources/example/scripted-model.json')}`,
      '--tts',
      'espeak-ng',
      '--stt',
      'pocketsphinx',
      '--audio-eval',
      '--caller-speech',
      '--json',
    );
    expect(run.stderr).not.toMatch(/error/i);
    expect(fs.readFileSync(canary, 'utf8')).toBe(CANARY_TEXT);
    const store = openStore(db, { readonly: true });
    try {
      const [result] = store.results.listByRun(JSON.parse(run.stdout).run_id);
      const heard = result.transcript.map((turn) => turn.heard ?? '').join(' ');
      expect(result.transcript.some((turn) => turn.heard !== undefined)).toBe(true);
      expect(heard).not.toMatch(/password/i);
    } finally {
      store.close();
    }
  }, 170_000);
});
