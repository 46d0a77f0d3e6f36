import {
  PROMPT_LEAK_MIN_WORDS,
  BUILT_CATEGORY_IDS,
  REDTEAM_CATEGORIES,
} from '../../../src-shared/redteam/categories.js';
import { REDTEAM_STRATEGIES } from '../../../src-shared/redteam/strategies.js';
import { ModelSpec, type ModelSpecInput } from '../../../src-shared/schemas/index.js';
import { appOf, liveRuns } from '../door/app-service.js';
import { invalid, notFound } from '../errors.js';
import type { Methods } from '../method-table.js';
import { resolveSuiteRef, runAgentFromRef } from '../refs/refs.js';
import { buildAttackSuite, pickCategories } from './attack-suite.js';
import { gradeAttempts } from './grade-attempts.js';
import { keepAttemptAsTest } from './keep-as-test.js';
import { neverRules } from './never-rules.js';

/**
 * The attacker's model seeded with the run's seed unless its spec sets one. Each attempt's conversation calls it with
 * its own attacker seed (RedteamProbe.attacker_seed) over this one; this seed is the fallback of any other caller call.
 */
function seededCaller(spec: ModelSpecInput | undefined, seed: number): ModelSpec | undefined {
  if (!spec) return undefined;
  const parsed = ModelSpec.parse(spec);
  return parsed.params?.seed === undefined ? { ...parsed, params: { ...parsed.params, seed } } : parsed;
}

/** redteam.*: the categories table, a red-team run as a job, and its grading (docs/red-team.md). */
export const redteamMethods: Methods = {
  'redteam.categories': () => ({
    categories: REDTEAM_CATEGORIES.map((c) => ({
      id: c.id,
      owasp: c.owasp,
      label: c.label,
      tries: c.tries,
      built: c.built,
      detectors: c.detectors ?? [],
    })),
    strategies: REDTEAM_STRATEGIES.map((s) => ({ id: s.id, label: s.label, description: s.description })),
    min_words: PROMPT_LEAK_MIN_WORDS,
  }),
  'redteam.start': async (ctx, input) => {
    const { categories, problem } = pickCategories(input.categories, BUILT_CATEGORY_IDS);
    if (problem) throw invalid(problem, 'categories');
    const base = input.tests ? resolveSuiteRef(ctx.store, input.tests, { files: ctx.files, path: 'tests' }) : undefined;
    const { agent } = runAgentFromRef(ctx.store, input.agent, { files: ctx.files, path: 'agent' });
    const suite = buildAttackSuite({
      agentName: agent.name,
      base: base?.data,
      categories,
      attempts: input.attempts,
      maxTurns: input.max_turns,
      seed: input.seed,
      strategies: input.strategies,
      rules: neverRules(agent.graph),
    });
    if (!suite.tests.length)
      throw invalid(
        `nothing to attack: ${suite.redteam?.notes?.map((n) => `${n.category}: ${n.note}`).join('; ')}`,
        'categories',
      );
    const job = await appOf(ctx).runs.start(
      {
        agent: agent.id,
        agent_version: agent.version_id,
        suite: { id: null, name: suite.name, data: suite },
        models: {
          agent: ModelSpec.parse(input.models.agent),
          caller: seededCaller(input.models.caller ?? input.models.agent, input.seed),
          judge: input.models.judge ? ModelSpec.parse(input.models.judge) : undefined,
        },
        options: {
          max_turns: input.max_turns,
          ...(input.concurrency ? { concurrency: input.concurrency } : {}),
        },
      },
      liveRuns(ctx).hooks(),
    );
    return { run_id: job.runId, job_id: job.id };
  },
  'redteam.report': (ctx, { run_id }) => {
    const run = ctx.store.runs.get(run_id);
    if (!run) throw notFound(`run ${run_id}`);
    const suite = ctx.store.runs.suiteSnapshot(run_id);
    if (!suite?.tests.some((t) => t.redteam))
      throw invalid(`run ${run_id} is not a red-team run: its tests attack no category`, 'run_id');
    const graded = gradeAttempts(suite, ctx.store.results.listByRun(run_id));
    return {
      run_id,
      agent_name: run.agent_name,
      status: run.status,
      demo: run.demo,
      min_words: PROMPT_LEAK_MIN_WORDS,
      ...graded,
    };
  },
  'redteam.runs': (ctx, { agent_id, limit }) => ({
    runs: ctx.store.runs
      .list({ agent_id, limit: 200 })
      .filter((r) => ctx.store.runs.suiteSnapshot(r.id)?.tests.some((t) => t.redteam))
      .slice(0, limit)
      .map((r) => ({ run_id: r.id, created_at: r.created_at, status: r.status, suite_name: r.suite_name ?? '' })),
  }),
  'redteam.keepAsTest': (ctx, input) => keepAttemptAsTest(ctx.store, input),
};
