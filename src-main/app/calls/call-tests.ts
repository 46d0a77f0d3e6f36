/**
 * Tests from real calls (issue 36): an imported run's calls grouped by what the caller wanted (no model:
 * analysis/call-groups/), the path each group's calls took through the graph, and one proposed test per group
 * (by a model when one is given, else a draft in the callers' own words). Nothing is stored: a person reviews and
 * saves the tests into a suite (analysis.saveGapTests, as Cover the gaps). Every text that goes into a test passes
 * the call redactor first, so a run imported without --redact gives no personal data to its tests either.
 */
import type { AgentGraph, ModelSpec, Result, TestCase } from '../../../src-shared/schemas/index.js';
import { groupCalls, type CallGrouping } from '../../analysis/call-groups/group-calls.js';
import {
  draftGroupTest,
  groupPath,
  proposeGroupTest,
  type GroupBrief,
  type NodeShare,
} from '../../analysis/call-groups/group-test.js';
import type { Store } from '../../store/index.js';
import { CallRedactor, exemptWordsFromAgent } from '../../transcripts/redact/index.js';
import { invalid } from '../errors.js';
import type { ModelService } from '../models/models.js';
import { requireRun } from '../refs/resolve.js';

export interface CallTestsRequest {
  run_id: string;
  /** How many groups; absent: chosen by silhouette (2-6). */
  groups?: number;
  /** The model that names the groups and writes their tests; absent: drafts from the calls' words. */
  model?: ModelSpec;
}

export interface CallCluster {
  id: string;
  label: string;
  size: number;
  /** Result ids of the group's calls, most typical first. */
  calls: string[];
  terms: string[];
  /** The nodes the group's calls went through, with the share of its calls that did. */
  path: NodeShare[];
  test: TestCase;
  /** Why the test is a draft though a model was asked (its answer could not be used). */
  note?: string;
}

export interface CallTestsOutcome {
  run_id: string;
  agent: { agent_id: string; agent_name: string; version_id: string };
  k: CallGrouping['k'];
  clusters: CallCluster[];
  ungrouped: string[];
  /** `provider:model` that wrote the tests, or null for drafts. */
  model: string | null;
  redacted_run: boolean;
  cancelled?: boolean;
}

const callerText = (r: Result) =>
  r.transcript
    .filter((t) => t.role === 'caller')
    .map((t) => t.content)
    .join('\n');

/** Every string in a test, through one redactor (placeholders already there are kept as they are). */
function scrubTest(test: TestCase, exempt: ReadonlySet<string>): TestCase {
  const redactor = new CallRedactor(exempt);
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(test);
  for (const t of texts) redactor.learn(t);
  const map = (v: unknown): unknown => {
    if (typeof v === 'string') return redactor.redact(v);
    if (Array.isArray(v)) return v.map(map);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, map(x)]));
    return v;
  };
  return map(test) as TestCase;
}

function exemptOf(g: AgentGraph): Set<string> {
  const texts = [
    g.global_prompt ?? '',
    ...g.nodes.map((n) => ('instruction' in n ? JSON.stringify(n.instruction) : '')),
  ];
  return exemptWordsFromAgent(texts, [g.name]);
}

export async function proposeCallTests(
  store: Store,
  models: ModelService,
  req: CallTestsRequest,
  hooks: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<CallTestsOutcome> {
  const run = requireRun(store, req.run_id, 'run_id');
  if (run.kind !== 'imported')
    throw invalid(
      `tests from calls need an imported run (parley import-calls); run ${run.id} is a ${run.kind} run`,
      'run_id',
    );
  const version = store.agents.getVersion(run.agent_version_id);
  if (!version) throw invalid(`run ${run.id}: its agent version is no longer stored`, 'run_id');
  const g = version.graph;
  const results = store.results.listByRun(run.id);
  const byId = new Map(results.map((r) => [r.id, r]));
  const grouping = groupCalls(
    results.map((r) => ({ id: r.id, caller: callerText(r) })),
    req.groups,
  );
  const exempt = exemptOf(g);
  const model = req.model ? await models.load('agent', req.model, { signal: hooks.signal, path: 'model' }) : null;
  const taken = new Set<string>();
  const clusters: CallCluster[] = [];
  hooks.onProgress?.(0, grouping.groups.length);
  for (const [i, group] of grouping.groups.entries()) {
    if (hooks.signal?.aborted) break;
    const members = group.calls.map((id) => byId.get(id)!);
    const brief: GroupBrief = {
      group,
      typical: members.slice(0, 3).map(callerText),
      path: groupPath(
        g,
        members.map((r) => r.nodes_visited.map((v) => v.node)),
      ),
    };
    const made: { label: string; test: TestCase; note?: string } = model
      ? await proposeGroupTest(g, brief, model, { signal: hooks.signal, taken })
      : draftGroupTest(g, brief, taken);
    clusters.push({
      id: `g${i + 1}`,
      label: made.label,
      size: group.calls.length,
      calls: group.calls,
      terms: group.terms,
      path: brief.path,
      test: scrubTest(made.test, exempt),
      ...(made.note ? { note: made.note } : {}),
    });
    hooks.onProgress?.(i + 1, grouping.groups.length);
  }
  return {
    run_id: run.id,
    agent: { agent_id: run.agent_id, agent_name: run.agent_name, version_id: run.agent_version_id },
    k: grouping.k,
    clusters,
    ungrouped: grouping.ungrouped,
    model: req.model ? `${req.model.provider}:${req.model.model}` : null,
    redacted_run: !!(run.options as { redaction?: unknown }).redaction,
    ...(hooks.signal?.aborted ? { cancelled: true } : {}),
  };
}
