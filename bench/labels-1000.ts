// Human labels over a run of 1,000 stored conversations (issue 12, item 3), on a real SQLite store,
// through the application layer (the use cases behind labels.* and `parley labels`):
// - labelling every metric verdict one by one (what the review queue does per key press);
// - the agreement report the run page's panel reloads after every label (original judge and one
//   re-judge model stored beside it);
// - `labels export` and `labels import` of every label into a copy of the database.
// Targets: one label < 5 ms; the agreement report < 100 ms (median); import of the file < 2 s.
// Usage: npx tsx bench/labels-1000.ts [--n 1000]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src-main/app/index.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { openStore } from '../src-main/store/index.js';
import { machineLoad, seedStoredConversations, tempStore } from './support/fixtures.js';
import { report, timeIt } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--n', 1000);

const { store, dir, cleanup } = tempStore('parley-labels-bench-');
try {
  const { runId, template } = await seedStoredConversations(store, N, (copy, i) => ({
    ...copy,
    // scores spread over 0..1 so the calibration search has many candidate thresholds
    metrics: copy.metrics.map((m, j) => {
      const score = ((i * 37 + j * 11) % 101) / 100;
      return { ...m, score, passed: score >= m.threshold };
    }),
  }));
  const registry = createProviderRegistry();
  const app = createApp(store, () => registry);
  const judgeFile = path.join(dir, 'judge.json');
  fs.writeFileSync(judgeFile, JSON.stringify({ name: 'second-judge', defaults: { score: 0.6 } }));
  await (
    await app.judgements.start({ run_id: runId, judges: [{ provider: 'scripted', model: judgeFile, params: {} }] })
  ).done;
  await registry.close();

  const results = store.results.listByRun(runId);
  const verdicts = results.flatMap((r) => r.metrics.map((m) => ({ r, m })));
  const t0 = performance.now();
  verdicts.forEach(({ r, m }, i) =>
    app.labels.set({ result_id: r.id, criterion: m.criterion, human_passed: i % 3 !== 0, reviewer: 'bench' }),
  );
  const perLabel = (performance.now() - t0) / verdicts.length;
  const agreement = await timeIt(10, () => app.labels.agreement(runId));
  const rows = app.labels.agreement(runId).rows.length;

  const file = path.join(dir, 'labels.json');
  const t1 = performance.now();
  fs.writeFileSync(file, JSON.stringify(app.labels.exportFile(runId)));
  const exportMs = performance.now() - t1;
  const copy = path.join(dir, 'copy.db');
  const fresh = openStore(copy);
  fresh.close();
  fs.rmSync(copy);
  await store.backup(copy);
  const other = openStore(copy);
  other.db.prepare('DELETE FROM labels').run();
  const otherApp = createApp(other, () => createProviderRegistry());
  const t2 = performance.now();
  const imported = otherApp.labels.importFile(fs.readFileSync(file, 'utf8'), file);
  const importMs = performance.now() - t2;
  other.close();
  if (imported.added !== verdicts.length) throw new Error(`imported ${imported.added} of ${verdicts.length}`);

  process.stdout.write(
    `\n${N} stored conversations, ${template.transcript.length}-turn transcripts, ${verdicts.length} metric verdicts labelled, ${rows} agreement rows (original + 1 re-judge), file ${(fs.statSync(file).size / 1024).toFixed(0)} KiB; ${machineLoad()}\n`,
  );
  report(`Human labels over ${N} stored conversations`, [
    { name: 'one label (labels.set)', value: perLabel, unit: 'ms', target: '< 5 ms', ok: perLabel < 5 },
    {
      name: 'agreement report (median of 10)',
      value: agreement.median,
      unit: 'ms',
      target: '< 100 ms',
      ok: agreement.median < 100,
    },
    { name: 'agreement report (p95 of 10)', value: agreement.p95, unit: 'ms', target: '-', ok: true },
    { name: `export ${verdicts.length} labels`, value: exportMs, unit: 'ms', target: '-', ok: true },
    {
      name: `import ${verdicts.length} labels (checked, one transaction)`,
      value: importMs,
      unit: 'ms',
      target: '< 2000 ms',
      ok: importMs < 2000,
    },
  ]);
} finally {
  store.close();
  cleanup();
}
