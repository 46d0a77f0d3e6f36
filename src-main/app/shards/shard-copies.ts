/**
 * The finished shard runs of another Parley database, read and checked as untrusted input before
 * anything is written (`parley runs merge FILE...`): the file is read through store/shard-file.ts
 * (plain tables only, bounded), each agent graph and suite snapshot goes through the import
 * validator (the `"__proto__"` keys, snippet bombs and graph rules an imported file is checked for),
 * and its content hash is computed here, never taken from the file. Model specs lose the names of
 * key sources (api_key_env, api_key_ref) and the copy records the file in options.copied_from, so
 * its specs are never used by default (stored-specs.ts).
 */
import type { AgentGraph, Result, Run, TestSuite } from '../../../src-shared/schemas/index.js';
import { parseAgentFile } from '../../formats/index.js';
import { contentHash, ShardFile, StoreError, type ShardResultKey } from '../../store/index.js';
import { invalid } from '../errors.js';
import { withoutKeySources } from '../runs/stored-specs.js';

/** A shard run about to be merged: the user's own (in the store) or a copy from a database file. */
export interface ShardCandidate {
  run: Run;
  /** Where it was named: `ids[2]`, or the file. */
  path: string;
  /** The agent graph's content hash (recomputed for a copy). */
  agentHash: string;
  suite: TestSuite | null;
  keys: ShardResultKey[];
  /**
   * For a copy: the validated graph, the file to stream its results from, that file's name, and what the
   * copy is of (the run's id there and a hash of its content: the run and its conversations' keys).
   */
  copy?: { graph: AgentGraph; source: ShardFile; file: string; of: { id: string; content: string } };
}

function refusedFile(file: string, e: unknown): never {
  if (e instanceof StoreError) throw invalid(e.message, 'files');
  throw e;
}

/** What a copy is of: the run's id in its file and a hash of the run and its conversations' keys (never read from the file). */
function copyOf(run: Run, keys: ShardResultKey[]): { id: string; content: string } {
  const { copied_from: _f, copied_run: _c, ...options } = run.options;
  return { id: run.id, content: contentHash({ run: { ...run, options }, keys }) };
}

/** A copied spec set: no key sources, and the file it came from recorded. */
function sanitized(run: Run, file: string): Run {
  const models = Object.fromEntries(
    Object.entries(run.models).map(([role, m]) => [role, m && { ...m, spec: withoutKeySources(m.spec) }]),
  ) as Run['models'];
  const { copied_run: _c, ...options } = run.options; // set by Parley on its own copies only
  const copied_from = [...new Set([...(options.copied_from ?? []), file])];
  return { ...run, models, options: { ...options, copied_from } };
}

function validatedGraph(text: string, where: string): AgentGraph {
  const r = parseAgentFile(text, where, { format: 'parley' });
  if (!r.ok || r.kind !== 'agent') {
    const first = r.ok ? undefined : r.errors[0];
    throw invalid(
      `${where}: the agent graph is not one Parley would import${first ? ` (${first.path ? `${first.path}: ` : ''}${first.message})` : ''}`,
      'files',
    );
  }
  return r.graph;
}

function validatedSuite(text: string | null, where: string): TestSuite | null {
  if (text === null) return null;
  const r = parseAgentFile(text, where, { format: 'parley-suite' });
  if (!r.ok || r.kind !== 'suite') {
    const first = r.ok ? undefined : r.errors[0];
    throw invalid(
      `${where}: the suite snapshot is not one Parley would import${first ? ` (${first.path ? `${first.path}: ` : ''}${first.message})` : ''}`,
      'files',
    );
  }
  return r.suite;
}

/**
 * Opens every file and reads its finished shard runs as candidates (nothing written). The caller
 * closes the returned files (closeShardFiles) when the merge is done or refused.
 */
export function readShardCopies(files: string[]): { candidates: ShardCandidate[]; sources: ShardFile[] } {
  const sources: ShardFile[] = [];
  const candidates: ShardCandidate[] = [];
  try {
    for (const file of files) {
      let source: ShardFile;
      try {
        source = ShardFile.open(file);
      } catch (e) {
        refusedFile(file, e);
      }
      sources.push(source);
      let records;
      try {
        records = source.finishedShardRuns();
      } catch (e) {
        refusedFile(file, e);
      }
      if (!records.length) throw invalid(`${file}: holds no finished shard run (parley run --shard K/N)`, 'files');
      for (const rec of records) {
        const where = `${file}: run ${rec.run.id}`;
        const graph = validatedGraph(rec.graphText, where);
        let keys: ShardResultKey[];
        try {
          keys = source.resultKeys(rec.run.id);
        } catch (e) {
          refusedFile(file, e);
        }
        candidates.push({
          run: sanitized(rec.run, file),
          path: 'files',
          agentHash: contentHash(graph),
          suite: validatedSuite(rec.suiteText, where),
          keys,
          copy: { graph, source, file, of: copyOf(rec.run, keys) },
        });
      }
    }
    return { candidates, sources };
  } catch (e) {
    closeShardFiles(sources);
    throw e;
  }
}

/** A copy's results, one at a time (bounded and schema-checked by the reader). */
export function* copiedResults(c: ShardCandidate): Generator<Result> {
  if (!c.copy) return;
  try {
    yield* c.copy.source.results(c.run.id);
  } catch (e) {
    refusedFile(c.copy.source.file, e);
  }
}

export function closeShardFiles(sources: ShardFile[]): void {
  for (const s of sources) s.close();
}
