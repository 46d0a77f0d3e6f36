import type Database from 'better-sqlite3';
import { Persona, TestSuite } from '../../src-shared/schemas/index.js';
import { openDatabase, type OpenOptions } from './connection.js';
import { AgentsRepo } from './repos/agents.js';
import { AnalysesRepo } from './repos/analyses.js';
import { DocumentsRepo } from './repos/documents.js';
import { FixesRepo } from './repos/fixes.js';
import { JobClaimsRepo } from './repos/job-claims.js';
import { JobsRepo } from './repos/jobs.js';
import { JudgementsRepo } from './repos/judgements.js';
import { LabelsRepo } from './repos/labels.js';
import { ModelChecksRepo } from './repos/model-checks.js';
import { ResultsRepo } from './repos/results.js';
import { RunsRepo } from './repos/runs.js';
import { SettingsRepo } from './repos/settings.js';
import { SpeechCacheRepo } from './repos/speech-cache.js';

export { resolveDbPath, userDataDir } from './paths.js';
export { StoreError } from './errors.js';
export { ShardFile, type ShardRunRecord, type ShardResultKey } from './shard-file.js';
export { contentHash, canonicalJson } from './canonical-json.js';
export type { AgentSummary, AgentVersion, AgentVersionMeta } from './repos/agents.js';
export type { StoredDoc } from './repos/documents.js';
export type { RunFilter, NewRun } from './repos/runs.js';
export type { NewResult } from './repos/results.js';
export type { StoredJob } from './repos/jobs.js';
export type { ClaimOutcome } from './repos/job-claims.js';
export type { SpeechCacheStats } from './repos/speech-cache.js';

export interface Store {
  readonly file: string;
  readonly db: Database.Database;
  readonly agents: AgentsRepo;
  readonly personas: DocumentsRepo<typeof Persona>;
  readonly suites: DocumentsRepo<typeof TestSuite>;
  readonly runs: RunsRepo;
  readonly results: ResultsRepo;
  /** Re-judgements stored beside the original verdicts. */
  readonly judgements: JudgementsRepo;
  /** Human labels of metric verdicts (survive re-judging). */
  readonly labels: LabelsRepo;
  /** Model readiness checks. */
  readonly modelChecks: ModelChecksRepo;
  readonly settings: SettingsRepo;
  readonly analyses: AnalysesRepo;
  /** Long jobs as they start and end (src-main/app/jobs/). */
  readonly jobs: JobsRepo;
  /** Which job works on a fix or a run now: taken in one write transaction (migration 019). */
  readonly claims: JobClaimsRepo;
  /** Speech round trips by content hash, kept across runs (issue 27). */
  readonly speechCache: SpeechCacheRepo;
  /** Fixes of failing tests and their iterations (docs/fix.md). */
  readonly fixes: FixesRepo;
  /** Runs `fn` in one transaction: all of it is written or none. */
  transaction<T>(fn: () => T): T;
  /** SQLite online backup to `dest`. */
  backup(dest: string): Promise<void>;
  /**
   * SQLite's `PRAGMA data_version`: changes when ANOTHER connection (another process, another CLI on this
   * file) commits, never for this connection's own writes. One cheap read; `undefined` once closed.
   */
  dataVersion(): number | undefined;
  close(): void;
}

export function openStore(file: string, opts: OpenOptions = {}): Store {
  const db = openDatabase(file, opts);
  const runs = new RunsRepo(db);
  const store: Store = {
    file,
    db,
    agents: new AgentsRepo(db),
    personas: new DocumentsRepo(db, 'personas', Persona, 'pe'),
    suites: new DocumentsRepo(db, 'suites', TestSuite, 'su'),
    runs,
    results: new ResultsRepo(db),
    judgements: new JudgementsRepo(db),
    labels: new LabelsRepo(db),
    modelChecks: new ModelChecksRepo(db),
    settings: new SettingsRepo(db),
    analyses: new AnalysesRepo(db),
    jobs: new JobsRepo(db, runs.locks),
    claims: new JobClaimsRepo(db, runs.locks),
    speechCache: new SpeechCacheRepo(db),
    fixes: new FixesRepo(db),
    transaction: (fn) => db.transaction(fn)(),
    backup: async (dest) => {
      await db.backup(dest);
    },
    dataVersion: () => (db.open ? (db.pragma('data_version', { simple: true }) as number) : undefined),
    close: () => {
      store.runs.locks.close();
      if (db.open) db.close();
    },
  };
  if (!opts.readonly) {
    store.runs.markOrphansInterrupted();
    store.jobs.markOrphansInterrupted();
  }
  return store;
}
