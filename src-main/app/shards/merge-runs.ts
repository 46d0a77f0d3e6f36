import fs from 'node:fs';
import { TestSuite, type Run, type RunOptions } from '../../../src-shared/schemas/index.js';
import { mergeEndpointStats } from '../../engine/model-io/endpoint-report.js';
import { canonicalJson, type Store } from '../../store/index.js';
import { newId } from '../../store/ids.js';
import { conflict, invalid } from '../errors.js';
import { requireRun } from '../refs/resolve.js';
import { closeShardFiles, copiedResults, readShardCopies, type ShardCandidate } from './shard-copies.js';
import { withoutKeySources } from '../runs/stored-specs.js';
import { checkShardComplete } from './shard-completeness.js';

export interface MergeRequest {
  /** Shard runs already in this database. */
  ids?: string[];
  /** Database files (CI machines' `--db` files) whose finished shard runs are copied in. */
  files?: string[];
}

export interface MergeOutcome {
  run: Run;
  /** The shard runs copied from the files, as stored here. */
  copied: string[];
  /** Shard runs of the files an earlier merge already copied here (found by origin and content): not copied again. */
  reused: string[];
  /** These shards were merged before: `run` is that merge, and nothing was written. */
  already_merged: boolean;
}

/** What a merge job answers (jobs.get's result): the run, and whether it copied, reused or found an earlier merge. */
export interface MergeJobResult {
  run_id: string;
  shards: number;
  already_merged: boolean;
  copied: string[];
  reused: string[];
}

export const mergeFacts = (o: MergeOutcome): Pick<MergeJobResult, 'already_merged' | 'copied' | 'reused'> => ({
  already_merged: o.already_merged,
  copied: o.copied,
  reused: o.reused,
});

/** What must be the same in every shard: everything the run was made with but its slice and origin. */
function configOf(c: ShardCandidate): string {
  const { shard: _s, concurrency: _c, merged_from: _m, copied_from: _f, copied_run: _r, ...options } = c.run.options;
  const models = Object.fromEntries(
    Object.entries(c.run.models).map(([role, m]) => [
      role,
      m && { spec: withoutKeySources(m.spec), identity: m.identity },
    ]),
  );
  return canonicalJson({ agent: c.agentHash, options, models, suite: c.suite });
}

function localCandidate(store: Store, id: string, path: string): ShardCandidate {
  const run = requireRun(store, id, path);
  const snapshot = store.runs.suiteSnapshot(run.id);
  const suite = snapshot ? TestSuite.safeParse(snapshot) : undefined;
  return {
    run,
    path,
    agentHash: store.agents.getVersion(run.agent_version_id)?.content_hash ?? run.agent_version_id,
    suite: suite?.success ? suite.data : (snapshot ?? null),
    keys: store.results.summariesByRun(run.id),
  };
}

/** Every check of a merge, before anything is written. */
function checkShards(shards: ShardCandidate[]): void {
  if (new Set(shards.map((s) => s.run.id)).size < 2 || shards.length < 2)
    throw invalid('give at least two different shard runs to merge', 'ids');
  for (const { run: r, path } of shards) {
    if (r.kind !== 'simulated')
      throw invalid(
        `run ${r.id} is ${r.kind === 'imported' ? 'imported calls' : `a ${r.kind}`}: only simulated runs are split into shards`,
        path,
      );
    if (r.status === 'running' || r.status === 'queued')
      throw conflict(`run ${r.id} is still running: merge it when it has finished`);
    if (r.status !== 'completed') throw invalid(`run ${r.id} is ${r.status}: finish it first (resume it)`, path);
    if (!r.options.shard)
      throw invalid(`run ${r.id} is not a shard (it was not started as one slice of a split run)`, path);
  }
  const first = shards[0].run;
  const count = first.options.shard!.count;
  const config = configOf(shards[0]);
  const seenIndex = new Map<number, string>();
  for (const c of shards) {
    const r = c.run;
    const s = r.options.shard!;
    if (s.count !== count)
      throw invalid(`run ${r.id} is shard ${s.index}/${s.count}, but ${first.id} is one of ${count}`, c.path);
    const twin = seenIndex.get(s.index);
    if (twin) throw invalid(`runs ${twin} and ${r.id} are both shard ${s.index}/${count}`, c.path);
    seenIndex.set(s.index, r.id);
    if (configOf(c) !== config)
      throw invalid(
        `run ${r.id} was not made like ${first.id} (agent version, suite, models or options differ): these are not shards of one run`,
        c.path,
      );
  }
  const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !seenIndex.has(k));
  if (missing.length)
    throw invalid(
      `shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${count} missing: give every shard of the run`,
      'ids',
    );
  for (const c of shards) checkShardComplete(c);
  const seen = new Set<string>();
  for (const c of shards)
    for (const x of c.keys) {
      const key = `${x.test_index}:${x.repeat}`;
      if (seen.has(key))
        throw invalid(`test ${JSON.stringify(x.test)} repeat ${x.repeat + 1} is in more than one shard`, 'ids');
      seen.add(key);
    }
}

/** Marks a run written in one go as finished (a merge writes no running state anyone could see). */
function finish(store: Store, runId: string): void {
  store.runs.refreshSummary(runId);
  store.runs.setStatus(runId, 'running');
  store.runs.setStatus(runId, 'completed');
}

/** Stores a copied shard run (its agent version matched by the recomputed content hash, else a new agent). */
function storeCopy(store: Store, c: ShardCandidate): Run {
  const r = c.run;
  const graph = c.copy!.graph;
  const target =
    store.agents.findVersionByHash(c.agentHash) ??
    store.agents.create(graph, {
      name: r.agent_name || graph.name,
      note: `shard runs from ${r.options.copied_from?.at(-1)}`,
    }).version;
  const run = store.runs.create(
    {
      kind: 'simulated',
      agent_id: target.agent_id,
      agent_version_id: target.id,
      agent_name: r.agent_name,
      suite_id: null,
      suite_name: r.suite_name,
      models: r.models,
      options: { ...r.options, copied_run: c.copy!.of },
    },
    c.suite ?? undefined,
  );
  if (r.endpoint_stats?.length) store.runs.setEndpointStats(run.id, r.endpoint_stats);
  return run;
}

/**
 * Joins the shards of one run (`parley run --shard K/N` on several machines) into a single run that
 * compares, exports and resumes like any other. Shards are runs of this database (`ids`) and the
 * finished shard runs of other database files (`files`, read as untrusted input: shard-copies.ts).
 * Every shard must be a finished simulated run of the same agent version, suite, models and options,
 * the shards of one split (same count, distinct indexes, no conversation twice). Everything is checked
 * first; then the copies and the merged run are written in one transaction, or nothing is.
 */
export function mergeShards(store: Store, req: MergeRequest): MergeOutcome {
  refuseTargetAsShard(store, req.files ?? []);
  const { candidates: read, sources } = readShardCopies(req.files ?? []);
  try {
    // a shard run an earlier merge copied here (same origin, same content) is that copy, not a new one
    const reused: string[] = [];
    const copies = read.map((c) => {
      const here = store.runs.findCopy(c.copy!.of);
      if (!here) return c;
      reused.push(here.id);
      return localCandidate(store, here.id, c.path);
    });
    const shards = [...copies, ...(req.ids ?? []).map((id, i) => localCandidate(store, id, `ids[${i}]`))];
    checkShards(shards);
    const before = earlierMerge(store, shards);
    if (before) return { run: before, copied: [], reused, already_merged: true };
    return store.transaction(() => {
      const copied = new Map<ShardCandidate, Run>(shards.filter((c) => c.copy).map((c) => [c, storeCopy(store, c)]));
      const stored = (c: ShardCandidate) => copied.get(c) ?? c.run;
      const first = stored(shards[0]);
      const { shard: _shard, copied_run: _copy, ...options } = shards[0].run.options;
      const copiedFrom = [...new Set(shards.flatMap((c) => c.run.options.copied_from ?? []))];
      const merged: RunOptions = {
        ...options,
        merged_from: shards.map((c) => stored(c).id),
        ...(copiedFrom.length ? { copied_from: copiedFrom } : {}),
      };
      if (!copiedFrom.length) delete merged.copied_from;
      const run = store.runs.create(
        {
          kind: 'simulated',
          agent_id: first.agent_id,
          agent_version_id: first.agent_version_id,
          agent_name: first.agent_name,
          suite_id: first.suite_id,
          suite_name: first.suite_name,
          models: shards[0].run.models,
          options: merged,
        },
        shards[0].suite ?? undefined,
      );
      for (const c of shards) {
        const results = c.copy ? copiedResults(c) : store.results.listByRun(c.run.id);
        for (const x of results) {
          if (c.copy) store.results.insert({ ...x, id: newId('res'), run_id: stored(c).id });
          store.results.insert({ ...x, id: newId('res'), run_id: run.id });
        }
      }
      for (const r of copied.values()) finish(store, r.id);
      const endpoints = mergeEndpointStats(shards.map((c) => c.run.endpoint_stats));
      if (endpoints.length) store.runs.setEndpointStats(run.id, endpoints);
      finish(store, run.id);
      return {
        run: store.runs.require(run.id),
        copied: [...copied.values()].map((r) => r.id),
        reused,
        already_merged: false,
      };
    });
  } finally {
    closeShardFiles(sources);
  }
}

/** The run that already joins exactly these shard runs (a repeated merge), if any. */
function earlierMerge(store: Store, shards: ShardCandidate[]): Run | undefined {
  const ids = shards.map((c) => c.run.id).sort();
  return store.runs
    .mergedRuns()
    .find((r) => r.status === 'completed' && canonicalJson([...r.options.merged_from!].sort()) === canonicalJson(ids));
}

/** The database being merged into is not one of its own shards' files (that would copy its runs into itself). */
function refuseTargetAsShard(store: Store, files: string[]): void {
  const target = fileIdentity(store.file);
  if (!target) return;
  files.forEach((file, i) => {
    const id = fileIdentity(file);
    if (id && id === target)
      throw invalid(
        `${file} is the database being merged into (--db): give the database files the other machines wrote, or the ids of shard runs here`,
        `files[${i}]`,
      );
  });
}

/** The same file under any name (a link, another path): its device and inode. */
function fileIdentity(file: string): string | undefined {
  try {
    const s = fs.statSync(file);
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

/** The shard runs of this database (`runs.merge`). */
export function mergeShardRuns(store: Store, ids: string[]): Run {
  return mergeShards(store, { ids }).run;
}
