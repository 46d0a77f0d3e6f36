/**
 * The speech commands as a user types them (real espeak-ng and pocketsphinx): `parley run --audio-eval`,
 * `parley audio-eval RUN`, `parley speech test`, and their errors in the human output; the progress
 * lines of a run with speech (the turn being recognised).
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
          metrics: ['The agent gives the reference number'],
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
  it('--json carries what was heard and the audio verdicts, JUnit marks the audio-only failure, runs show prints said and heard; audio-eval names a failing engine', () => {
    const junit = path.join(dir, 'run.xml');
    const run = parley(
      ...runArgs(),
      '--tts',
      'espeak-ng',
      '--stt',
      'pocketsphinx',
      '--audio-eval',
      '--json',
      '--junit',
      junit,
    );
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const runId: string = report.run_id;
    expect(report.speech).toBe('audio eval · espeak-ng -> pocketsphinx');
    const r = report.results[0];
    const spoken = r.transcript.find((t: { role: string }) => t.role === 'agent');
    expect(spoken).toMatchObject({ content: 'Your reference number is 415 555 1234.', heard: expect.any(String) });
    expect(r.audio_rules).toEqual([
      expect.objectContaining({ kind: 'includes', target: 'agent:415 555 1234', passed: false }),
    ]);
    expect(r.audio_metrics).toEqual([
      expect.objectContaining({ criterion: 'The agent gives the reference number', score: expect.any(Number) }),
    ]);
    expect([r.status, r.audio_only_failure, report.audio_only_failures]).toEqual(['pass', true, 1]);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain('<testcase name="reads the number [heard through speech]"');
    expect(xml).toContain('type="audio-only"');
    expect(xml).toContain('<property name="speech" value="audio eval · espeak-ng -&gt; pocketsphinx"/>');
    const show = parley('runs', 'show', runId, '--db', db);
    expect(show.stdout).toContain('speech  audio eval · espeak-ng -> pocketsphinx');
    expect(show.stdout).toContain(
      'AUDIO (espeak-ng -> pocketsphinx): 1 check passed on the text and failed on what was heard (1 conversation heard through speech)',
    );
    expect(show.stdout).toContain('  reads the number #1: includes "agent:415 555 1234" lost in speech');
    expect(show.stdout).toContain('    turn 1 said:  Your reference number is 415 555 1234.');
    expect(show.stdout).toMatch(/^ {11}heard: \S+/m);
    const again = parley('audio-eval', runId, '--db', db, '--stt', 'command:parley-no-such-stt {in}');
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('turn 1 (agent): stt engine command (parley-no-such-stt)');
  }, 300_000);

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

  it('the progress lines on stderr say which turn speech is working on (default pair flite -> pocketsphinx)', () => {
    const out = parley(...runArgs(), '--caller-speech', '--audio-eval');
    expect(out.code).toBe(0);
    const lines = out.stderr.split('\n');
    const caller = lines.findIndex((l) =>
      l.endsWith('0/1 conversations · conversation 1 of 1: turn 2, recognising the caller (speech)'),
    );
    const finished = lines.findIndex((l) => l.startsWith('PASS  reads the number'));
    expect(caller).toBeGreaterThan(-1);
    expect(caller).toBeLessThan(finished);
    expect(lines.slice(caller, finished).join('\n')).toMatch(/hearing the agent \(speech\): [01] of 1 turns/);
  }, 120_000);

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
