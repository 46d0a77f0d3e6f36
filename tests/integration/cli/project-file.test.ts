/** `parley init` and `parley run` with the project file: the real CLI in this process, in an empty folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import type { RunReport } from '../../../src-shared/run/report.js';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
let db: string;
const saved = process.cwd();

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-project-')));
  db = path.join(dir, 'p.db');
  process.chdir(dir);
});
afterAll(() => {
  process.chdir(saved);
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => parleyInProcess(...args, '--db', db);
const report = (stdout: string) => JSON.parse(stdout) as RunReport;
const configFile = () => path.join(dir, 'parley.config.json');

describe('parley init && parley run', () => {
  it('init writes the example project file; run with no flags runs it and records the file', async () => {
    const init = await parleyInProcess('init');
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const written = JSON.parse(fs.readFileSync(configFile(), 'utf8'));
    expect(written.agent).toBe(path.join(root, 'resources/example/agent.json'));
    expect(written.models.agent).toMatch(/^scripted:.*scripted-model\.json$/);

    const run = await cli('run', '--json');
    expect(run.stderr).toContain(`using ${configFile()}`);
    const r = report(run.stdout);
    // the bundled example: 4 of 5 conversations pass on its scripted model
    expect(r.pass_rate).toMatchObject({ k: 4, n: 5 });
    expect(r.project_file).toBe(configFile());
    expect(r.options.project_file).toBe(configFile());

    const show = await cli('runs', 'show', r.run_id);
    expect(show.stdout).toContain(`project file  ${configFile()}`);
    const shown = report((await cli('runs', 'show', r.run_id, '--json')).stdout);
    expect(shown.project_file).toBe(configFile());
    // a rerun reads no project file: it runs as the source run ran, and records none
    const again = report((await cli('rerun', r.run_id, '--failed', '--json')).stdout);
    expect(again.source_run_id).toBe(r.run_id);
    expect(again.project_file).toBeUndefined();
  });

  it('refuses to overwrite the file unless --force', async () => {
    fs.writeFileSync(configFile(), '{"mine": true}\n');
    const again = await parleyInProcess('init');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain('--force');
    expect(fs.readFileSync(configFile(), 'utf8')).toBe('{"mine": true}\n');
    const forced = await parleyInProcess('init', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Replaced');
  });

  it('flags override the file; a folder below finds it; --no-project ignores it', async () => {
    const sub = path.join(dir, 'a', 'b');
    fs.mkdirSync(sub, { recursive: true });
    process.chdir(sub);
    try {
      const run = await cli('run', '--test', 'Cancels an appointment', '--repeat', '2', '--concurrency', '1', '--json');
      const r = report(run.stdout);
      expect(r.project_file).toBe(configFile());
      expect(r.results.map((x) => x.test)).toEqual(['Cancels an appointment', 'Cancels an appointment']);
      expect(r.options).toMatchObject({ repeats: 2, concurrency: 1, tests: ['Cancels an appointment'] });
      const none = await cli('run', '--no-project');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('parley run needs --agent');
    } finally {
      process.chdir(dir);
    }
  });

  it('a bad project file: the file, the JSON path and what was expected, unknown keys by name; nothing runs', async () => {
    const bad = path.join(dir, 'bad.config.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({
        agent: 'agent.json',
        tests: 'suite.json',
        models: { agent: 'nonsense' },
        options: { concurrency: 0, repeat: 3 },
        speech: { tts: 'flite' },
      }),
    );
    const before = (await cli('runs', 'list', '--json')).stdout;
    const out = await cli('run', '--config', bad);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`${bad}: models.agent: model spec "nonsense": expected PROVIDER:MODEL`);
    expect(out.stderr).toContain('options.concurrency: found 0; expected at least 1');
    expect(out.stderr).toContain('options: unexpected key "repeat"');
    expect(out.stderr).toContain('speech: tts given; expected audio_eval and/or caller_speech');
    expect((await cli('runs', 'list', '--json')).stdout).toBe(before);

    fs.writeFileSync(bad, '{ not json');
    const broken = await cli('run', '--config', bad);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`${bad}: (top level): not valid JSON`);
  });
});
