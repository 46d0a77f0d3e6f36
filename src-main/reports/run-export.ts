import path from 'node:path';
import type { ModelSpec, Result, RoleModel, Run, TestSuite } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { toJUnitXml } from './junit.js';
import { storedRoleModel, storedSpec } from '../engine/model-io/stored-models.js';
import { redactUrl } from '../providers/shared/redact.js';
import { runLatencyReport, type RunLatencyReport } from '../../src-shared/latency/run-latency-report.js';
import { speechRunReport, type SpeechRunReport } from '../../src-shared/speech/speech-report.js';

export type RunExportFormat = 'json' | 'junit';

/**
 * A run as it may leave the machine: model files are named by file name and digest, never by
 * their path on this machine (the digest still tells two models apart). Keys are never stored, and
 * endpoint URLs lose their userinfo and secret query parameters (engine/model-io/stored-models.ts).
 */
export function portableRun(run: Run): Run {
  const models = Object.fromEntries(Object.entries(run.models).map(([role, m]) => [role, m && portableRoleModel(m)]));
  return { ...run, models };
}

/**
 * A result as it may leave the machine: a model the test chose is named like the run's models, and
 * each call's endpoint is redacted (results stored before calls were redacted are redacted on the way out).
 */
export function portableResult(r: Result): Result {
  const model_calls = r.model_calls.map((c) => (c.endpoint ? { ...c, endpoint: redactUrl(c.endpoint) } : c));
  return { ...r, model_calls, ...(r.agent_model ? { agent_model: portableRoleModel(r.agent_model) } : {}) };
}

function portableRoleModel(m: RoleModel): RoleModel {
  const safe = storedRoleModel(m); // runs stored before URLs were redacted are redacted on the way out
  return { ...safe, spec: portableSpec(safe.spec) };
}

/** A model spec as it may leave the machine: a local file (llama-cpp, scripted) named by its file name only. */
export function portableSpec(spec: ModelSpec): ModelSpec {
  const local = spec.provider === 'llama-cpp' || spec.provider === 'scripted';
  return local ? { ...spec, model: path.basename(spec.model) } : storedSpec(spec);
}

/** The lossless export: `{schema, version, run, suite, results}`. */
export function runExportJson(run: Run, suite: TestSuite | null, results: Result[]): string {
  return (
    JSON.stringify(
      {
        schema: 'parley.run-export',
        version: 1,
        run: portableRun(run),
        suite,
        results: results.map(portableResult),
        // derived (p50/p95 per figure and the budget checked); each agent turn keeps its own latency
        ...latencyOf(run, results),
        // derived: word error rates with their intervals and the callers' behaviours; each turn keeps its own
        ...speechOf(results),
      },
      null,
      2,
    ) + '\n'
  );
}

/** One export for the CLI and the API. Undefined when the run does not exist. */
export function exportRun(
  store: Store,
  id: string,
  format: RunExportFormat,
): { text: string; filename: string; results: number } | undefined {
  const run = store.runs.get(id);
  if (!run) return undefined;
  const results = store.results.listByRun(run.id);
  const stem = `parley-run-${(run.suite_name || 'suite').replace(/[^\w.-]+/g, '_')}-${run.id}`;
  return format === 'junit'
    ? { text: toJUnitXml(portableRun(run), results), filename: `${stem}.xml`, results: results.length }
    : {
        text: runExportJson(run, store.runs.suiteSnapshot(run.id) ?? null, results),
        filename: `${stem}.json`,
        results: results.length,
      };
}

function latencyOf(run: Run, results: Result[]): { latency?: RunLatencyReport } {
  const latency = runLatencyReport(run, results);
  return latency ? { latency } : {};
}

function speechOf(results: Result[]): { speech?: SpeechRunReport } {
  const speech = speechRunReport(results);
  return speech ? { speech } : {};
}
