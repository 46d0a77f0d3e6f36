/** `parley run --shard K/N` on separate database files (one per CI machine) and `parley runs merge`. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import { tempDir } from '../../support/tmp.js';

const root = path.resolve(import.meta.dirname, '../../..');
const fx = (f: string) => path.join(root, 'tests/fixtures/engine', f);
const parley = (...args: string[]) => {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const run = (db: string, ...extra: string[]) =>
  parley(
    'run',
    '--agent',
    fx('orders-agent.json'),
    '--tests',
    fx('orders-suite.json'),
    '--agent-model',
    `scripted:${fx('orders-model.json')}`,
    '--repeat',
    '3',
    '--json',
    '--db',
    db,
    ...extra,
  );

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

describe('sharded runs', () => {
  it('three shards on three machines merge into the run an unsharded run gives', () => {
    const dbs = [1, 2, 3].map((k) => path.join(t.dir, `shard-${k}.db`));
    const sizes = dbs.map((db, i) => JSON.parse(run(db, '--shard', `${i + 1}/3`).out).results.length as number);
    expect(sizes.reduce((a, b) => a + b)).toBe(6);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);

    const whole = path.join(t.dir, 'whole.db');
    const unsharded = JSON.parse(run(whole).out);
    const merged = parley('runs', 'merge', ...dbs, '--json', '--db', whole);
    expect(merged.err).toBe('');
    const report = JSON.parse(merged.out);
    const key = (r: { test_index: number; repeat: number; status: string }) =>
      `${r.test_index}:${r.repeat}:${r.status}`;
    expect(report.results.map(key).sort()).toEqual(unsharded.results.map(key).sort());

    const store = openStore(whole, { readonly: true });
    try {
      const m = store.runs.require(report.run_id);
      expect(m.options.shard).toBeUndefined();
      expect(m.options.merged_from).toHaveLength(3);
      expect(m.agent_version_id).toBe(store.runs.require(unsharded.run_id).agent_version_id);
    } finally {
      store.close();
    }
    const diff = parley('diff', unsharded.run_id, report.run_id, '--json', '--db', whole);
    expect(JSON.parse(diff.out).summary.regressions).toEqual([]);
  });

  it('refuses what is not one split: a missing shard, the same shard twice, a run that is not a shard', () => {
    const db = path.join(t.dir, 'one.db');
    const a = JSON.parse(run(db, '--shard', '1/2').out).run_id;
    const a2 = JSON.parse(run(db, '--shard', '1/2').out).run_id;
    const plain = JSON.parse(run(db).out).run_id;
    expect(parley('runs', 'merge', a, a2, '--db', db).err).toContain('are both shard 1/2');
    expect(parley('runs', 'merge', a, plain, '--db', db).err).toContain(`run ${plain} is not a shard`);
    const before = openStore(db, { readonly: true });
    const runs = before.runs.list().length;
    before.close();
    const lone = parley('runs', 'merge', a, a, '--db', db);
    expect(lone.code).toBe(2);
    expect(lone.err).toContain('at least two different shard runs');
    expect(run(db, '--shard', '3/2').err).toContain('--shard: expected K/N with 1 <= K <= N');
    const after = openStore(db, { readonly: true });
    expect(after.runs.list().length).toBe(runs);
    after.close();
  });
});
