/**
 * The speech commands as a user types them (real espeak-ng and pocketsphinx): `parley run --audio-eval`,
 * `parley audio-eval RUN`, `parley speech test`, and their errors in the human output.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
let db: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-speech-cli-'));
  db = path.join(dir, 'p.db');
  fs.writeFileSync(
    path.join(dir, 'agent.json'),
    JSON.stringify({
      name: 'Number desk',
      entry_node_id: 'greeting',
      first_speaker: 'agent',
      nodes: [
        {
          id: 'greeting',
          type: 'conversation',
          instruction: { mode: 'static', text: 'Your reference number is 415 555 1234.' },
          transitions: [],
        },
      ],
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'suite.json'),
    JSON.stringify({
      name: 'speech',
      tests: [
        {
          name: 'reads the number',
          caller_script: ['thanks'],
          caller_script_ends_call: true,
          includes: ['agent:415 555 1234'],
        },
      ],
    }),
  );
});

const runArgs = () => [
  'run',
  '--db',
  db,
  '--agent',
  path.join(dir, 'agent.json'),
  '--tests',
  path.join(dir, 'suite.json'),
  '--agent-model',
  `scripted:${path.join(root, 'resources/example/scripted-model.json')}`,
];

describe('parley run --audio-eval / parley audio-eval / parley speech test', () => {
  it('reports the check lost in speech; audio-eval on the finished run names a failing engine and its turn', () => {
    const run = parley(...runArgs(), '--tts', 'espeak-ng', '--stt', 'pocketsphinx', '--audio-eval');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 check(s) passed on the text and failed on what was heard');
    expect(run.stdout).toContain('includes "agent:415 555 1234" lost in speech');
    const list = JSON.parse(parley('runs', 'list', '--db', db, '--json').stdout);
    const runId = (Array.isArray(list) ? list : (list.runs ?? list.items))[0].id;
    const again = parley('audio-eval', runId, '--db', db, '--stt', 'command:parley-no-such-stt {in}');
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('turn 0 (agent): stt engine command (parley-no-such-stt)');
  }, 180_000);

  it('names the flag when speech flags are missing or wrong, and changes nothing', () => {
    const noSpeech = parley(...runArgs(), '--tts', 'flite');
    expect(noSpeech.code).toBe(2);
    expect(noSpeech.stderr).toContain('say what to do with speech: add --audio-eval and/or --caller-speech');
    const workers = parley(...runArgs(), '--audio-eval', '--speech-workers', '0');
    expect(workers.code).toBe(2);
    expect(workers.stderr).toContain('--speech-workers: expected a whole number from 1 to 64, got "0"');
    const bad = parley(...runArgs(), '--audio-eval', '--tts', 'espeak-ng', '--stt', 'festival');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--stt: stt engine festival');
    const noise = parley(
      ...runArgs(),
      '--caller-speech',
      '--tts',
      'espeak-ng',
      '--stt',
      'pocketsphinx',
      '--phone-noise',
      '3',
    );
    expect(noise.stderr).toContain('--phone-noise: expected a noise level from 0 to 1');
  }, 60_000);

  it('speech test prints said, heard, diff, timings and the engines', () => {
    const out = parley(
      'speech',
      'test',
      '--tts',
      'espeak-ng',
      '--stt',
      'pocketsphinx',
      'Your reference number is 415 555 1234',
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^said: {3}Your reference number is 415 555 1234$/m);
    expect(out.stdout).toMatch(/^heard: {2}\S+/m);
    expect(out.stdout).toMatch(/^timings: tts \d+ ms, stt \d+ ms, audio \d+\.\d s$/m);
    expect(out.stdout).toContain('stt: pocketsphinx');
  }, 120_000);
});
