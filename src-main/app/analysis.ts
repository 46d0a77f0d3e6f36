import type { Store } from '../store/index.js';
import {
  applySnippetCandidates,
  snippetReport,
  type ApplySnippetRequest,
  type SnippetRequest,
} from './analyze-snippets.js';
import { analyzeAgentRouting, routingHistory, type RoutingHooks, type RoutingRequest } from './analyze-routing.js';
import {
  proposeGapTests,
  saveGapTests,
  suiteCoverage,
  type CoverageRequest,
  type ProposeHooks,
  type ProposeRequest,
  type SaveRequest,
} from './cover-gaps.js';
import { lintAgentGraph, type LintRequest } from './lint-agent.js';
import type { ModelService } from './models.js';

/** Questions asked of an agent's graph before any call (src-main/analysis/), as use cases over the store. */
export class AnalysisService {
  constructor(
    private readonly store: Store,
    readonly models: ModelService,
  ) {}

  snippets(req: SnippetRequest) {
    return snippetReport(this.store, req);
  }

  /** The routing ambiguity check; stored with the agent version unless cancelled. */
  routing(req: RoutingRequest, hooks: RoutingHooks = {}) {
    return analyzeAgentRouting(this.store, this.models, req, hooks);
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

  /** "Cover the gaps": one proposed test per uncovered edge or global node (one model call each); nothing stored. */
  proposeGapTests(req: ProposeRequest, hooks: ProposeHooks = {}) {
    return proposeGapTests(this.store, this.models, req, hooks);
  }

  /** Adds reviewed proposals to the suite. */
  saveGapTests(req: SaveRequest) {
    return saveGapTests(this.store, req);
  }
}
