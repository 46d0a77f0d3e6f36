import { createHash } from 'node:crypto';
import { sql as initial } from './001_initial.js';
import { sql as runProblems } from './002_run_problems.js';
import { sql as routingAnalyses } from './006_routing_analyses.js';
import { sql as judgements } from './007_judgements.js';
import { sql as labels } from './008_labels.js';
import { sql as modelChecks } from './009_model_checks.js';
import { sql as runEndpointStats } from './012_run_endpoint_stats.js';
import { sql as invalidCallerIndex } from './013_invalid_caller_index.js';
import { sql as jobs } from './014_jobs.js';
import { sql as runSource } from './015_run_source.js';
import { sql as speechCache } from './016_speech_cache.js';
import { sql as fixes } from './017_fixes.js';
import { sql as judgementBatches } from './018_judgement_batches.js';
import { sql as jobClaims } from './019_job_claims.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Numbered migrations, applied in order. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Migration[] = [
  { id: 1, name: 'initial', sql: initial },
  { id: 2, name: 'run problems', sql: runProblems },
  { id: 6, name: 'routing analyses', sql: routingAnalyses },
  { id: 7, name: 'judgements', sql: judgements },
  { id: 8, name: 'labels', sql: labels },
  { id: 9, name: 'model checks', sql: modelChecks },
  { id: 12, name: 'run endpoint stats', sql: runEndpointStats },
  { id: 13, name: 'invalid caller index', sql: invalidCallerIndex },
  { id: 14, name: 'jobs', sql: jobs },
  { id: 15, name: 'run source', sql: runSource },
  { id: 16, name: 'speech cache', sql: speechCache },
  { id: 17, name: 'fixes', sql: fixes },
  { id: 18, name: 'judgement batches', sql: judgementBatches },
  { id: 19, name: 'job claims', sql: jobClaims },
];

export const migrationChecksum = (m: Migration): string => createHash('sha256').update(m.sql).digest('hex');
