import type { Run, RunOptions } from '../../src-shared/schemas/index.js';
import { mergeEndpointStats } from '../engine/model-io/endpoint-report.js';
import { canonicalJson, openStore, type Store } from '../store/index.js';
import { newId } from '../store/ids.js';
import { conflict, invalid } from './errors.js';
import { requireRun } from './resolve.js';

/** What must be the same in every shard: everything the run was made with but its slice. */
function configOf(store: Store, run: Run): string {
  const { shard: _shard, concurrency: _c, merged_from: _m, ...options } = run.options;
  const models = Object.fromEntries(
    Object.entries(run.models).map(([role, m]) => [role, m && { spec: m.spec, identity: m.identity }]),
  );
  const agent = store.agents.getVersion(run.agent_version_id)?.content_hash ?? run.agent_version_id;
  return canonicalJson({ agent, options, models, suite: store.runs.suiteSnapshot(run.id) ?? null });
}

/**
 * Joins the shards of one run (`parley run --shard K/N` on several machines, the DB files copied
 * into one) into a single run that compares, exports and resumes like any other. Every shard must be
 * a finished simulated run of the same agent version, suite, models and options, the shards of one
 * split (same count, distinct indexes, no conversation twice). All of it is written in one
 * transaction, or nothing.
 */
export function mergeShardRuns(store: Store, ids: string[]): Run {
  if (new Set(ids).size < 2) throw invalid('give at least two different shard runs to merge', 'ids');
  const runs = ids.map((id, i) => requireRun(store, id, `ids[${i}]`));
  for (const [i, r] of runs.entries()) {
    if (r.kind !== 'simulated')
      throw invalid(
        `run ${r.id} is ${r.kind === 'imported' ? 'imported calls' : `a ${r.kind}`}: only simulated runs are split into shards`,
        `ids[${i}]`,
      );
    if (r.status === 'running' || r.status === 'queued')
      throw conflict(`run ${r.id} is still running: merge it when it has finished`);
    if (r.status !== 'completed') throw invalid(`run ${r.id} is ${r.status}: finish it first (resume it)`, `ids[${i}]`);
    if (!r.options.shard)
      throw invalid(`run ${r.id} is not a shard (it was not started as one slice of a split run)`, `ids[${i}]`);
  }
  const count = runs[0].options.shard!.count;
  const config = configOf(store, runs[0]);
  const seenIndex = new Map<number, string>();
  for (const [i, r] of runs.entries()) {
    const s = r.options.shard!;
    if (s.count !== count)
      throw invalid(`run ${r.id} is shard ${s.index}/${s.count}, but ${runs[0].id} is one of ${count}`, `ids[${i}]`);
    const twin = seenIndex.get(s.index);
    if (twin) throw invalid(`runs ${twin} and ${r.id} are both shard ${s.index}/${count}`, `ids[${i}]`);
    seenIndex.set(s.index, r.id);
    if (configOf(store, r) !== config)
      throw invalid(
        `run ${r.id} was not made like ${runs[0].id} (agent version, suite, models or options differ): these are not shards of one run`,
        `ids[${i}]`,
      );
  }
  const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !seenIndex.has(k));
  if (missing.length)
    throw invalid(
      `shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${count} missing: give every shard of the run`,
      'ids',
    );
  const seen = new Set<string>();
  const results = runs.flatMap((r) => store.results.listByRun(r.id));
  for (const x of results) {
    const key = `${x.test_index}:${x.repeat}`;
    if (seen.has(key))
      throw invalid(`test ${JSON.stringify(x.test)} repeat ${x.repeat + 1} is in more than one shard`, 'ids');
    seen.add(key);
  }
  const first = runs[0];
  const { shard: _shard, ...options } = first.options;
  const merged: RunOptions = { ...options, merged_from: runs.map((r) => r.id) };
  return store.transaction(() => {
    const run = store.runs.create(
      {
        kind: 'simulated',
        agent_id: first.agent_id,
        agent_version_id: first.agent_version_id,
        agent_name: first.agent_name,
        suite_id: first.suite_id,
        suite_name: first.suite_name,
        models: first.models,
        options: merged,
      },
      store.runs.suiteSnapshot(first.id),
    );
    for (const x of results) store.results.insert({ ...x, id: newId('res'), run_id: run.id });
    const endpoints = mergeEndpointStats(runs.map((r) => r.endpoint_stats));
    if (endpoints.length) store.runs.setEndpointStats(run.id, endpoints);
    store.runs.refreshSummary(run.id);
    store.runs.setStatus(run.id, 'running');
    store.runs.setStatus(run.id, 'completed');
    return store.runs.require(run.id);
  });
}

/**
 * Copies the finished shard runs of another Parley database (a CI machine's `--db` file) into
 * `store`, with their agent version (matched by content, else stored as a new agent) and results;
 * returns the new run ids. The other file is opened read-only.
 */
export function importShardRuns(store: Store, file: string): string[] {
  let source: Store;
  try {
    source = openStore(file, { readonly: true });
  } catch (e) {
    throw invalid(`${file}: not a Parley database (${(e as Error).message})`, 'files');
  }
  try {
    const shards = source.runs
      .list({ limit: 100_000 })
      .filter((r) => r.kind === 'simulated' && r.options.shard && r.status === 'completed');
    if (!shards.length) throw invalid(`${file}: holds no finished shard run (a slice of a split run)`, 'files');
    return store.transaction(() =>
      shards.map((r) => {
        const version = source.agents.getVersion(r.agent_version_id);
        if (!version) throw invalid(`${file}: run ${r.id} lost its agent version`, 'files');
        const target =
          store.agents.findVersionByHash(version.content_hash) ??
          store.agents.create(version.graph, { name: r.agent_name, note: `shard runs from ${file}` }).version;
        const run = store.runs.create(
          {
            kind: 'simulated',
            agent_id: target.agent_id,
            agent_version_id: target.id,
            agent_name: r.agent_name,
            suite_id: null,
            suite_name: r.suite_name,
            models: r.models,
            options: r.options,
          },
          source.runs.suiteSnapshot(r.id),
        );
        for (const x of source.results.listByRun(r.id))
          store.results.insert({ ...x, id: newId('res'), run_id: run.id });
        if (r.endpoint_stats?.length) store.runs.setEndpointStats(run.id, r.endpoint_stats);
        store.runs.refreshSummary(run.id);
        store.runs.setStatus(run.id, 'running');
        store.runs.setStatus(run.id, 'completed');
        return run.id;
      }),
    );
  } finally {
    source.close();
  }
}
