import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDiffDb } from '../compare/seed-db.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

describe('parley run --help and parley diff --help: what people need first, examples, exit codes', () => {
  it('run --help groups the flags (what to run, models, output, options, speech last) and ends with examples', async () => {
    const r = await parleyInProcess('run', '--help');
    const out = r.stdout;
    const at = (s: string) => {
      const i = out.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      'What to run:',
      '--agent <agent>',
      '--tests <file|suite>',
      'Models:',
      '--agent-model <spec>',
      'Output:',
      '--junit <file>',
      'Options:',
      '--db <path>',
      'Speech (voice runs):',
      '--tts <spec>',
      'Examples:',
    ];
    const positions = order.map(at);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(out).toMatch(/^ {2}parley run --agent agent\.json --tests suite\.json --agent-model /m);
  });

  it('diff --help says it exits 0 on regressions unless --fail-on-regression', async () => {
    const r = await parleyInProcess('diff', '--help');
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'Exits 0 even when tests regressed, unless --fail-on-regression is given',
    );
    expect(r.stdout).toContain('--fail-on-regression');
  });

  it('diff says on stderr how many tests regressed and which exit code that gives', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-diff-'));
    try {
      const db = path.join(dir, 'parley.db');
      const ids = seedDiffDb(db);
      const plain = await parleyInProcess('diff', ids.runA, ids.runB, '--db', db);
      expect(plain.code).toBe(0);
      expect(plain.stderr).toContain('2 tests regressed: exit code 0 (add --fail-on-regression to exit 1)');
      const failing = await parleyInProcess('diff', ids.runA, ids.runB, '--fail-on-regression', '--db', db);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toContain('2 tests regressed: exit code 1');
      const none = await parleyInProcess('diff', ids.runA, ids.runC, '--db', db);
      expect(none.stderr).not.toContain('regressed:');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
