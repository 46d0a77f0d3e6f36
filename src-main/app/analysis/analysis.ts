import type { Store } from '../../store/index.js';
import {
  applySnippetCandidates,
  snippetReport,
  type ApplySnippetRequest,
  type SnippetRequest,
} from './analyze-snippets.js';
import { analyzeAgentRouting, routingHistory, type RoutingOutcome, type RoutingRequest } from './analyze-routing.js';
import {
  proposeGapTests,
  saveGapTests,
  suiteCoverage,
  type CoverageRequest,
  type ProposeOutcome,
  type ProposeRequest,
  type SaveRequest,
} from './cover-gaps.js';
import { lintAgentGraph, type LintRequest } from '../agents/lint-agent.js';
import type { ModelService } from '../models/models.js';
import { conflict } from '../errors.js';
import type { Job, JobControl } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import { resolveAgentVersion } from '../refs/resolve.js';

/** Progress hooks of an analysis, fed into its job. */
const hooksOf = (ctl: JobControl) => ({
  signal: ctl.signal,
  onProgress: (done: number, total: number) => ctl.progress(done, total),
});

/** Questions asked of an agent's graph before any call (src-main/analysis/), as use cases over the store. */
export class AnalysisService {
  constructor(
    private readonly store: Store,
    readonly models: ModelService,
    private readonly jobs: JobRegistry,
  ) {}

  /** One job of a kind per agent at a time. */
  private refuseSecond(kind: 'routing' | 'gap-tests', agentRef: string, what: string): string {
    const agent_id = this.store.agents.find(agentRef)?.id ?? agentRef;
    if (this.jobs.list({ kind, subject: { agent_id }, running: true, hereOnly: true }).length)
      throw conflict(`${what} of this agent is already running: wait for it or cancel it`);
    return agent_id;
  }

  snippets(req: SnippetRequest) {
    return snippetReport(this.store, req);
  }

  /** The routing ambiguity check as a job; stored with the agent version unless cancelled. */
  routing(req: RoutingRequest): Promise<Job<RoutingOutcome>> {
    const agent_id = this.refuseSecond('routing', req.agent_id, 'a routing analysis');
    const { agent, version } = resolveAgentVersion(this.store, agent_id, req.agent_version_id);
    return this.jobs.startWhenReady(
      {
        kind: 'routing',
        title: `Routing check of ${agent.name} v${version.version}`,
        unit: 'model calls',
        subject: { agent_id },
      },
      (ctl) => analyzeAgentRouting(this.store, this.models, req, hooksOf(ctl)),
      { statusOf: (o) => (o.cancelled ? 'cancelled' : 'done') },
    );
  }

  routingHistory(agent: string, version?: string) {
    return routingHistory(this.store, agent, version);
  }

  lint(req: LintRequest) {
    return lintAgentGraph(this.store, req);
  }

  applySnippets(req: ApplySnippetRequest) {
    return applySnippetCandidates(this.store, req);
  }

  /** How much of the agent's graph a suite's stored runs reached (src-shared/coverage.ts). */
  coverage(req: CoverageRequest) {
    return suiteCoverage(this.store, req);
  }

  /** "Cover the gaps" as a job: one proposed test per uncovered edge or global node (one model call each); nothing stored. */
  proposeGapTests(req: ProposeRequest): Promise<Job<ProposeOutcome>> {
    const agent_id = this.refuseSecond('gap-tests', req.agent_id, 'writing proposals');
    return this.jobs.startWhenReady(
      {
        kind: 'gap-tests',
        title: 'Cover the gaps: proposing tests',
        unit: 'proposals',
        subject: { agent_id, suite_id: req.suite_id },
      },
      (ctl) => proposeGapTests(this.store, this.models, req, hooksOf(ctl)),
      { statusOf: (o) => (o.cancelled ? 'cancelled' : 'done') },
    );
  }

  /** Adds reviewed proposals to the suite. */
  saveGapTests(req: SaveRequest) {
    return saveGapTests(this.store, req);
  }
}
