import type { Result, Run, RunRedaction } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { parseCallFiles } from './parse.js';
import type { CallFormat, ParsedCall } from './types.js';

/** The agent version imported calls are attached to. */
export interface ImportTarget {
  agent_id: string;
  agent_version_id: string;
  agent_name: string;
}

export interface ImportCallsOptions {
  /** Shown where a suite name would be (default: "imported calls"). */
  suite_name?: string;
  /** The redaction applied to the calls before this call (stored with the run's options). */
  redaction?: RunRedaction;
}

const nowIso = () => new Date().toISOString();

/** A parsed call as a Result row of an imported run (status and end reason `imported`). */
export function callToResult(call: ParsedCall, runId: string, testIndex: number, now = nowIso()): Omit<Result, 'id'> {
  const started = call.started_at ?? now;
  return {
    run_id: runId,
    test: call.name,
    test_index: testIndex,
    repeat: 0,
    status: 'imported',
    end_reason: 'imported',
    turns: call.turns,
    transcript: call.transcript,
    nodes_visited: call.nodes_visited,
    tools_called: call.tools_called,
    variables: call.variables,
    metrics: [],
    rules: [],
    assertions: [],
    tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
    model_calls: [],
    duration_ms: call.duration_ms,
    error: null,
    started_at: started,
    finished_at: call.finished_at ?? started,
  };
}

/**
 * Stores parsed calls as one `imported` run (kind imported, status completed) of an agent version,
 * one result per call, in ONE transaction: all of it is written or nothing.
 */
export function importCalls(
  store: Store,
  target: ImportTarget,
  calls: ParsedCall[],
  opts: ImportCallsOptions = {},
): { run: Run; results: Result[] } {
  if (!calls.length) throw new Error('import-calls: no calls to import');
  return store.transaction(() => {
    const created = store.runs.create({
      kind: 'imported',
      status: 'running',
      agent_id: target.agent_id,
      agent_version_id: target.agent_version_id,
      agent_name: target.agent_name,
      suite_id: null,
      suite_name: opts.suite_name ?? 'imported calls',
      models: {},
      options: { concurrency: 1, ...(opts.redaction ? { redaction: opts.redaction } : {}) },
    });
    const now = nowIso();
    const results = calls.map((c, i) => store.results.insert(callToResult(c, created.id, i, now)));
    store.runs.setStatus(created.id, 'running');
    store.runs.setStatus(created.id, 'completed');
    store.runs.refreshSummary(created.id);
    return { run: store.runs.require(created.id), results };
  });
}

/** Reads, checks and imports call files in one go: any bad file throws CallImportError and nothing is written. */
export function importCallFiles(
  store: Store,
  target: ImportTarget,
  files: string[],
  opts: ImportCallsOptions & { format?: CallFormat } = {},
): { run: Run; results: Result[] } {
  return importCalls(store, target, parseCallFiles(files, opts.format), opts);
}
