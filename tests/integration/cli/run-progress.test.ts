/**
 * `parley run` piped, on a slow model: the progress lines on stderr say the turns done so far in the
 * running conversation (src-main/cli/job-progress.ts with the app's StepNotes), so a person watching a slow
 * local model sees something move before the first conversation ends. The real CLI in this process on the
 * bundled example, its scripted model slowed down.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
let t: ReturnType<typeof tempDir>;
let model: string;

beforeAll(() => {
  t = tempDir('parley-run-progress-');
  const script = JSON.parse(fs.readFileSync(ex('scripted-model.json'), 'utf8')) as { defaults: object };
  // every call of the scripted model waits: a conversation takes well over the progress line's 1 s gap
  script.defaults = { ...script.defaults, delay_ms: 300 };
  model = path.join(t.dir, 'slow-model.json');
  fs.writeFileSync(model, JSON.stringify(script));
});
afterAll(() => t.cleanup());

describe('parley run: progress while the conversations go on', () => {
  it('prints the turns done so far in the running conversation, not only the finished count', async () => {
    const out = await parleyInProcess(
      'run',
      '--agent',
      ex('agent.json'),
      '--tests',
      ex('suite.json'),
      '--test',
      'Books the first free slot',
      '--agent-model',
      `scripted:${model}`,
      '--concurrency',
      '1',
      '--no-project',
      '--db',
      tempDbPath(t.dir),
    );
    expect(out.code).toBe(0);
    const lines = out.stderr.split('\n');
    const turns = lines.filter((l) => /: \d+\/1 conversations · conversation 1 of 1: \d+ turns? so far$/.test(l));
    // the first one before any conversation ended, and more than one (the count moves as turns go by)
    expect(turns[0]).toMatch(/: 0\/1 conversations · conversation 1 of 1: 1 turn so far$/);
    expect(turns.length).toBeGreaterThan(1);
    const counts = turns.map((l) => Number(/(\d+) turns? so far$/.exec(l)![1]));
    expect(counts.some((n) => n > 1)).toBe(true);
    // the finished conversation is still listed, after its turns
    expect(lines.filter((l) => /^PASS\s/.test(l) && l.endsWith('[1/1]'))).toHaveLength(1);
    expect(lines.findIndex((l) => l.startsWith('PASS'))).toBeGreaterThan(lines.indexOf(turns.at(-1)!));
  }, 60_000);
});
