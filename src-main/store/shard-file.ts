/**
 * Another Parley database, read as untrusted input (`parley runs merge FILE`): opened read-only (its
 * migrations are checked, nothing is written, triggers never fire), every table read must be a plain
 * table (a VIEW named `results` could recurse without end; a generated column could make each row
 * gigabytes), and every read is bounded: runs per file, results per run, bytes per stored value.
 * Rows are parsed with the same schemas as the app's own, and a `"__proto__"` key is refused.
 */
import type Database from 'better-sqlite3';
import { Result, type Run } from '../../src-shared/schemas/index.js';
import { MAX_PLANNED_CONVERSATIONS, MAX_SHARD_RUNS_PER_FILE, MAX_SHARD_VALUE_BYTES } from '../../src-shared/limits.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import { checkFileBoundedSync, FileRefusal } from '../files/bounded-file.js';
import { openDatabase } from './connection.js';
import { StoreError } from './errors.js';
import { RUN_COLS, toRun, type RunRow } from './repos/runs.js';

/** The tables (and columns) a merge reads. */
const READ: Record<string, string[]> = {
  runs: ['id', 'kind', 'status', 'source_run_id', 'models_json', 'options_json', 'summary_json', 'endpoint_stats_json'],
  results: ['run_id', 'test', 'test_index', 'repeat', 'data_json'],
  agent_versions: ['id', 'graph_json'],
  run_suites: ['run_id', 'suite_json'],
};

/** A finished shard run of the other file, with the text of its agent graph and suite snapshot (unvalidated). */
export interface ShardRunRecord {
  run: Run;
  graphText: string;
  suiteText: string | null;
}

export interface ShardResultKey {
  test: string;
  test_index: number;
  repeat: number;
}

/** `length()` of a value in bytes without handing the value to JavaScript. */
const bytes = (col: string) => `length(CAST(${col} AS BLOB))`;

const noProtoKeys = (key: string, value: unknown) => {
  if (key === '__proto__') throw new Error('a "__proto__" key (refused: it would set an object\'s prototype)');
  return value;
};

export class ShardFile {
  private constructor(
    readonly file: string,
    private readonly db: Database.Database,
  ) {}

  /** Opens the file read-only and checks that everything a merge reads is a plain table. */
  static open(file: string): ShardFile {
    try {
      // a FIFO or a device would block or never end SQLite's reads: a regular file only
      checkFileBoundedSync(file, { maxBytes: Number.MAX_SAFE_INTEGER, what: 'the database file' });
    } catch (e) {
      if (e instanceof FileRefusal) throw new StoreError(e.message, 'not_sqlite', file);
      throw e;
    }
    const db = openDatabase(file, { readonly: true });
    const shard = new ShardFile(file, db);
    try {
      for (const [table, columns] of Object.entries(READ)) shard.requirePlainTable(table, columns);
    } catch (e) {
      db.close();
      throw e;
    }
    return shard;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private refuse(detail: string): StoreError {
    return new StoreError(`${this.file}: ${detail}; the file was not used`, 'not_sqlite', this.file);
  }

  private requirePlainTable(table: string, columns: string[]): void {
    const row = this.db.prepare('SELECT type, sql FROM sqlite_master WHERE name = ?').get(table) as
      { type: string; sql: string | null } | undefined;
    if (!row) throw this.refuse(`not a Parley database of this version (it has no "${table}" table)`);
    if (row.type !== 'table' || /^\s*CREATE\s+VIRTUAL/i.test(row.sql ?? ''))
      throw this.refuse(`"${table}" is a ${row.type === 'table' ? 'virtual table' : row.type}, not a table`);
    const info = this.db.prepare(`PRAGMA table_xinfo("${table}")`).all() as { name: string; hidden: number }[];
    const generated = info.find((c) => c.hidden !== 0);
    if (generated) throw this.refuse(`"${table}.${generated.name}" is a generated or hidden column`);
    const missing = columns.find((c) => !info.some((i) => i.name === c));
    if (missing) throw this.refuse(`not a Parley database of this version ("${table}" has no column "${missing}")`);
  }

  /** Refuses a value over MAX_SHARD_VALUE_BYTES, naming where it is. */
  private checkSize(n: number | null, where: string): void {
    if (n !== null && n > MAX_SHARD_VALUE_BYTES)
      throw this.refuse(`${where} is ${formatBytes(n)}, larger than the ${formatBytes(MAX_SHARD_VALUE_BYTES)} limit`);
  }

  private parseJson(text: string, where: string): unknown {
    try {
      return JSON.parse(text, noProtoKeys);
    } catch (e) {
      throw this.refuse(`${where} is not valid: ${(e as Error).message.slice(0, 200)}`);
    }
  }

  /** The file's finished simulated shard runs (at most MAX_SHARD_RUNS_PER_FILE), oldest first. */
  finishedShardRuns(): ShardRunRecord[] {
    const where = "kind = 'simulated' AND status = 'completed'";
    const n = (this.db.prepare(`SELECT count(*) AS n FROM runs WHERE ${where}`).get() as { n: number }).n;
    if (n > MAX_SHARD_RUNS_PER_FILE)
      throw this.refuse(
        `it holds ${n.toLocaleString('en-US')} finished runs; at most ${MAX_SHARD_RUNS_PER_FILE} are read`,
      );
    const sizes = this.db
      .prepare(
        `SELECT substr(id, 1, 120) AS id, ${[
          'models_json',
          'options_json',
          'summary_json',
          'endpoint_stats_json',
          'problems_json',
          'error',
          'id',
          'agent_name',
          'suite_name',
        ]
          .map((c) => `coalesce(${bytes(c)}, 0)`)
          .join(' + ')} AS n FROM runs WHERE ${where}`,
      )
      .all() as { id: string; n: number }[];
    for (const s of sizes) this.checkSize(s.n, `a run row (${s.id})`);
    const rows = this.db
      .prepare(`SELECT ${RUN_COLS} FROM runs WHERE ${where} ORDER BY created_at, id`)
      .all() as RunRow[];
    const out: ShardRunRecord[] = [];
    for (const row of rows) {
      let run: Run;
      try {
        for (const col of ['models_json', 'options_json', 'summary_json'] as const)
          this.parseJson(row[col], `run ${row.id} ${col}`);
        run = toRun(row);
      } catch (e) {
        if (e instanceof StoreError) throw e;
        throw this.refuse(
          `run ${String(row.id).slice(0, 120)} is not a valid run: ${(e as Error).message.slice(0, 300)}`,
        );
      }
      if (!run.options.shard) continue;
      out.push({ run, graphText: this.graphText(run), suiteText: this.suiteText(run.id) });
    }
    return out;
  }

  private graphText(run: Run): string {
    const row = this.db
      .prepare(
        `SELECT CASE WHEN ${bytes('graph_json')} > ? THEN NULL ELSE graph_json END AS graph_json,
          ${bytes('graph_json')} AS n FROM agent_versions WHERE id = ?`,
      )
      .get(MAX_SHARD_VALUE_BYTES, run.agent_version_id) as { graph_json: string | null; n: number } | undefined;
    if (!row) throw this.refuse(`run ${run.id} lost its agent version ${run.agent_version_id}`);
    this.checkSize(row.n, `the agent graph of run ${run.id}`);
    return row.graph_json ?? '';
  }

  private suiteText(runId: string): string | null {
    const snapshot = 'coalesce((SELECT suite_json FROM run_suites WHERE run_id = runs.id), suite_json)';
    const row = this.db
      .prepare(
        `SELECT CASE WHEN ${bytes(snapshot)} > ? THEN NULL ELSE ${snapshot} END AS t, ${bytes(snapshot)} AS n
         FROM runs WHERE id = ?`,
      )
      .get(MAX_SHARD_VALUE_BYTES, runId) as { t: string | null; n: number | null } | undefined;
    this.checkSize(row?.n ?? null, `the suite snapshot of run ${runId}`);
    return row?.t ?? null;
  }

  private checkResultCount(runId: string): void {
    const n = (this.db.prepare('SELECT count(*) AS n FROM results WHERE run_id = ?').get(runId) as { n: number }).n;
    if (n > MAX_PLANNED_CONVERSATIONS)
      throw this.refuse(
        `run ${runId} holds ${n.toLocaleString('en-US')} results; a run has at most ${MAX_PLANNED_CONVERSATIONS.toLocaleString('en-US')}`,
      );
  }

  /** Test, index and repeat of each result of a run (no transcripts read). */
  resultKeys(runId: string): ShardResultKey[] {
    this.checkResultCount(runId);
    return this.db
      .prepare('SELECT test, test_index, repeat FROM results WHERE run_id = ? ORDER BY test_index, repeat')
      .all(runId) as ShardResultKey[];
  }

  /** The run's results one at a time, each bounded and parsed with the Result schema. */
  *results(runId: string): Generator<Result> {
    this.checkResultCount(runId);
    const rows = this.db
      .prepare(
        `SELECT CASE WHEN ${bytes('data_json')} > ? THEN NULL ELSE data_json END AS data_json, ${bytes('data_json')} AS n,
          test_index, repeat FROM results WHERE run_id = ? ORDER BY test_index, repeat`,
      )
      .iterate(MAX_SHARD_VALUE_BYTES, runId) as IterableIterator<{
      data_json: string | null;
      n: number;
      test_index: number;
      repeat: number;
    }>;
    for (const row of rows) {
      const where = `result ${row.test_index}/${row.repeat} of run ${runId}`;
      this.checkSize(row.n, where);
      const parsed = Result.safeParse(this.parseJson(row.data_json ?? '', where));
      if (!parsed.success)
        throw this.refuse(`${where} is not a valid result: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      yield parsed.data;
    }
  }
}
