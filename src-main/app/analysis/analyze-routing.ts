import type { RoutingReport } from '../../../src-shared/contract/analysis.js';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { analyzeRouting, decisionPoints } from '../../analysis/routing.js';
import { misroutedTests } from '../../analysis/routing-tests.js';
import type { Store } from '../../store/index.js';
import { conflict, invalid } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { resolveAgentVersion } from '../refs/resolve.js';

export interface RoutingRequest {
  agent_id: string;
  agent_version_id?: string;
  model: ModelSpec;
  node?: string;
  per_condition?: number;
  none?: number;
  concurrency?: number;
  /** Save the misrouted lines as a suite of test cases with path assertions. */
  save_tests?: boolean;
}

export interface RoutingHooks {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface RoutingOutcome {
  agent: { agent_id: string; agent_name: string; version_id: string; version: number };
  /** Absent when cancelled (nothing is stored then). */
  id?: string;
  report: RoutingReport;
  cancelled: boolean;
  suite?: { id: string; name: string; tests: number };
}

/**
 * The routing ambiguity check of a stored agent version: loads the model, runs the analysis through
 * the pool and stores the report with the version (nothing is stored when it is cancelled or fails).
 */
export async function analyzeAgentRouting(
  store: Store,
  models: ModelService,
  req: RoutingRequest,
  hooks: RoutingHooks = {},
): Promise<RoutingOutcome> {
  const { agent, version } = resolveAgentVersion(store, req.agent_id, req.agent_version_id);
  const g = version.graph;
  if (req.node && !g.nodes.some((n) => n.id === req.node))
    throw invalid(`node ${JSON.stringify(req.node)} is not in ${agent.name} v${version.version}`, 'node');
  const points = decisionPoints(g, req.node);
  if (!points.length)
    throw conflict(
      req.node
        ? `node ${req.node} is not a decision point: it is not a reachable conversation node with prompt conditions`
        : `${agent.name} v${version.version} has no decision point: no reachable conversation node has prompt conditions`,
    );
  const signal = hooks.signal ?? new AbortController().signal;
  const ref = { agent_id: agent.id, agent_name: agent.name, version_id: version.id, version: version.version };
  const modelName = `${req.model.provider}:${req.model.model}`;
  let model;
  try {
    model = await models.load('agent', req.model, { signal, path: 'model' });
  } catch (e) {
    if (!signal.aborted) throw e;
    const empty = { model: modelName, created_at: new Date().toISOString(), points: [], calls: 0, ms: 0 };
    return { agent: ref, report: empty, cancelled: true };
  }
  const run = await analyzeRouting(g, points, {
    model,
    perCondition: req.per_condition ?? 8,
    noneCount: req.none ?? 3,
    concurrency: req.concurrency ?? 2,
    signal,
    onProgress: hooks.onProgress,
  });
  const report: RoutingReport = {
    ...run.report,
    model: modelName,
    created_at: new Date().toISOString(),
  };
  // a cancel makes the calls in flight fail too: cancelled wins over their failure
  if (run.aborted) return { agent: ref, report, cancelled: true };
  if (run.failure) throw invalid(`routing analysis stopped: ${run.failure}`, 'model');
  const id = store.analyses.saveRouting(agent.id, version.id, report);
  let suite: RoutingOutcome['suite'];
  if (req.save_tests) {
    const tests = misroutedTests(g, report.points);
    if (tests.length) {
      const name = `Routing checks: ${agent.name} v${version.version} (${new Date().toISOString().slice(0, 16).replace('T', ' ')})`;
      const doc = store.suites.create({ name, tests }, name, { agent_id: agent.id });
      suite = { id: doc.id, name, tests: tests.length };
    }
  }
  return { agent: ref, id, report, cancelled: false, ...(suite ? { suite } : {}) };
}

/** Stored routing analyses of an agent (one version, or all), newest first. */
export function routingHistory(store: Store, agentRef: string, versionRef?: string) {
  const { agent, version } = resolveAgentVersion(store, agentRef, versionRef);
  return store.analyses.routing(agent.id, versionRef ? version.id : undefined);
}
