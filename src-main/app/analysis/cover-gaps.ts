/**
 * Coverage of an agent by a suite's runs, and "Cover the gaps": test cases proposed for the edges and
 * global nodes no conversation of the suite reached (one model call per gap, through the one pool),
 * reviewed by a person, then added to the suite. Both doors call these: the app (analysis.coverage,
 * analysis.proposeGapTests, analysis.saveGapTests) and `parley generate tests --uncovered`.
 */
import { setMaxListeners } from 'node:events';
import { graphCoverage, type GraphCoverage } from '../../../src-shared/coverage.js';
import { ModelSpec, TestCase, type AgentGraph } from '../../../src-shared/schemas/index.js';
import {
  coverageGaps,
  GapProposalError,
  proposeGapTest,
  type CoverageGap,
  type GapProposal,
} from '../../analysis/gap-tests.js';
import { runPool } from '../../engine/run/run-pool.js';
import type { Store } from '../../store/index.js';
import { conflict, invalid } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { requireSuite } from '../refs/refs.js';
import { resolveAgentVersion } from '../refs/resolve.js';

export interface CoverageRequest {
  agent_id: string;
  /** The version whose graph is measured; absent: the latest. Runs of every version count (by node and transition id). */
  agent_version_id?: string;
  suite_id: string;
}

export interface SuiteCoverage {
  agent: { agent_id: string; agent_name: string; version_id: string; version: number };
  suite: { id: string; name: string; tests: number };
  /** Runs of this suite on this agent that were read. */
  runs: number;
  coverage: GraphCoverage;
}

interface Resolved extends SuiteCoverage {
  graph: AgentGraph;
  latestModel?: ModelSpec;
}

function resolveCoverage(store: Store, req: CoverageRequest): Resolved {
  const { agent, version } = resolveAgentVersion(store, req.agent_id, req.agent_version_id);
  const suite = requireSuite(store, req.suite_id);
  const runs = store.runs
    .list({ agent_id: agent.id, suite_id: suite.id, limit: 10_000 })
    .filter((r) => r.status !== 'queued');
  const paths = runs.flatMap((r) => store.results.listByRun(r.id).map((x) => x.nodes_visited));
  const latestModel = runs.find((r) => r.models.agent?.spec)?.models.agent?.spec;
  return {
    agent: { agent_id: agent.id, agent_name: agent.name, version_id: version.id, version: version.version },
    suite: { id: suite.id, name: suite.name, tests: suite.data.tests.length },
    runs: runs.length,
    coverage: graphCoverage(version.graph, paths),
    graph: version.graph,
    ...(latestModel ? { latestModel: ModelSpec.parse(latestModel) } : {}),
  };
}

/** How much of the agent's graph the suite's stored runs reached. */
export function suiteCoverage(store: Store, req: CoverageRequest): SuiteCoverage {
  const { graph: _g, latestModel: _m, ...out } = resolveCoverage(store, req);
  return out;
}

export interface ProposeRequest extends CoverageRequest {
  /** The model that writes the proposals; absent: the agent model of the suite's latest run. */
  model?: ModelSpec;
  /** Only these gaps (keys from the coverage: `source::transition` or `global:<node>`); absent: every gap. */
  gaps?: string[];
  concurrency?: number;
}

export interface ProposeHooks {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface ProposeOutcome extends SuiteCoverage {
  model: string;
  /** The model that wrote the proposals (the one `--run` runs the new tests with). */
  model_spec: ModelSpec;
  gaps: CoverageGap[];
  proposals: GapProposal[];
  /** Gaps the model gave nothing usable for, with why (the other gaps keep their proposals). */
  failures: { gap: CoverageGap; error: string }[];
  cancelled: boolean;
}

const messageOf = (e: unknown) => (e as Error)?.message ?? String(e);

/** One proposal per gap (one model call each); nothing is stored. */
export async function proposeGapTests(
  store: Store,
  models: ModelService,
  req: ProposeRequest,
  hooks: ProposeHooks = {},
): Promise<ProposeOutcome> {
  const r = resolveCoverage(store, req);
  let gaps = coverageGaps(r.graph, r.coverage);
  if (req.gaps?.length) {
    const unknown = req.gaps.filter((k) => !gaps.some((g) => g.key === k));
    if (unknown.length)
      throw invalid(
        `not an uncovered edge or global node of ${r.agent.agent_name} v${r.agent.version} in suite "${r.suite.name}": ${unknown.join(', ')}`,
        'gaps',
      );
    gaps = gaps.filter((g) => req.gaps!.includes(g.key));
  }
  if (!gaps.length)
    throw conflict(
      `nothing to cover: the ${r.coverage.conversations} conversation(s) of suite "${r.suite.name}" reached every edge and global node of ${r.agent.agent_name} v${r.agent.version}`,
    );
  const spec = req.model ?? r.latestModel;
  if (!spec)
    throw invalid(
      `no model: suite "${r.suite.name}" has no run of ${r.agent.agent_name} to take the model from; choose one`,
      'model',
    );
  const signal = hooks.signal ?? new AbortController().signal;
  setMaxListeners(0, signal);
  const { graph: _g, latestModel: _m, ...base } = r;
  const modelName = `${spec.provider}:${spec.model}`;
  const empty = { ...base, model: modelName, model_spec: spec, gaps, proposals: [], failures: [] };
  let model;
  try {
    model = await models.load('agent', spec, { signal, path: 'model' });
  } catch (e) {
    if (signal.aborted) return { ...empty, cancelled: true };
    throw e;
  }
  const taken = new Set(store.suites.get(r.suite.id)!.data.tests.map((t) => t.name.toLowerCase()));
  const byKey = new Map<string, GapProposal | { error: string }>();
  let done = 0;
  hooks.onProgress?.(0, gaps.length);
  const pool = await runPool<CoverageGap, GapProposal | { error: string }>({
    items: gaps,
    concurrency: Math.min(req.concurrency ?? 2, model.maxParallel ?? 64),
    signal,
    work: async (gap) => {
      try {
        return await proposeGapTest(r.graph, gap, model, { signal, takenNames: taken });
      } catch (e) {
        if (signal.aborted) return undefined;
        if (e instanceof GapProposalError) return { error: e.message };
        return { error: messageOf(e) };
      }
    },
    onOutput: (out, gap) => {
      byKey.set(gap.key, out);
      hooks.onProgress?.(++done, gaps.length);
    },
  });
  if (pool.aborted) return { ...empty, cancelled: true };
  if (pool.failure) throw invalid(`proposing tests stopped: ${pool.failure}`, 'model');
  const proposals: GapProposal[] = [];
  const failures: ProposeOutcome['failures'] = [];
  for (const gap of gaps) {
    const out = byKey.get(gap.key);
    if (out && 'test' in out) proposals.push(out);
    else failures.push({ gap, error: out?.error ?? 'no answer' });
  }
  return { ...empty, proposals, failures, cancelled: false };
}

export interface SaveRequest {
  suite_id: string;
  tests: unknown[];
}

/** Adds reviewed test cases to the suite (all or nothing); names must be new in the suite. */
export function saveGapTests(store: Store, req: SaveRequest): { suite: { id: string; name: string }; added: string[] } {
  const suite = requireSuite(store, req.suite_id);
  if (!req.tests.length) throw invalid('no test to save: keep at least one proposal', 'tests');
  const tests = req.tests.map((t, i) => {
    const parsed = TestCase.safeParse(t);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(`tests[${i}].${issue.path.join('.')}: ${issue.message}`, `tests[${i}].${issue.path.join('.')}`);
    }
    return parsed.data;
  });
  const names = new Set(suite.data.tests.map((t) => t.name.toLowerCase()));
  tests.forEach((t, i) => {
    if (names.has(t.name.toLowerCase()))
      throw invalid(`tests[${i}].name: suite "${suite.name}" already has a test named "${t.name}"`, `tests[${i}].name`);
    names.add(t.name.toLowerCase());
  });
  store.suites.update(suite.id, { ...suite.data, tests: [...suite.data.tests, ...tests] }, suite.name);
  return { suite: { id: suite.id, name: suite.name }, added: tests.map((t) => t.name) };
}
