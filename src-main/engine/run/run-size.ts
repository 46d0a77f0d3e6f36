import { MAX_PLANNED_CONVERSATIONS } from '../../../src-shared/limits.js';
import { RunOptionsInput, type RunOptions, type TestSuite } from '../../../src-shared/schemas/index.js';
import { PlanError } from './run-plan.js';

/**
 * The caps on what one run may ask for, checked before anything is planned (the plan of a hostile
 * request must never be built to find out it is too big). Used by the engine, the CLI and the API.
 */

export interface RunSizeIssue {
  /** The option at fault, as the API names it (`options.repeats`). */
  path: string;
  message: string;
}

/** Issues with the options alone (each capped option checked by the one schema, RunOptionsInput). */
export function runOptionIssues(options: Partial<RunOptions>): RunSizeIssue[] {
  const parsed = RunOptionsInput.partial().safeParse(options);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: ['options', ...i.path].join('.'), message: i.message }));
}

/**
 * Conversations the run would hold: selected tests x repeats (the run's, else each test's) x personas,
 * counted by arithmetic. Unknown test names count nothing here (the planner names them).
 */
export function plannedConversationCount(suite: TestSuite, options: Partial<RunOptions>): number {
  const names = options.tests?.length ? new Set(options.tests) : undefined;
  let n = 0;
  for (const t of suite.tests) if (!names || names.has(t.name)) n += options.repeats ?? t.repeats ?? 1;
  return n * Math.max(1, options.personas?.length ?? 0);
}

/** The first issue with the options or the run's size, or undefined when the run may be planned. */
export function runSizeIssue(suite: TestSuite, options: Partial<RunOptions>): RunSizeIssue | undefined {
  const own = runOptionIssues(options);
  if (own.length) return own[0];
  const total = plannedConversationCount(suite, options);
  if (total <= MAX_PLANNED_CONVERSATIONS) return undefined;
  const personas = options.personas?.length ?? 0;
  return {
    path:
      options.repeats !== undefined
        ? 'options.repeats'
        : personas
          ? 'options.personas'
          : options.tests?.length
            ? 'options.tests'
            : 'suite_id',
    message: `this run would hold ${total.toLocaleString('en-US')} conversations (tests x repeats${personas ? ' x personas' : ''}), over the limit of ${MAX_PLANNED_CONVERSATIONS.toLocaleString('en-US')} per run; expected fewer repeats, tests or personas (split the suite into several runs)`,
  };
}

/** The options of a new run, parsed with defaults; throws PlanError naming the option when a cap is exceeded. */
export function checkedRunOptions(suite: TestSuite, options: Partial<RunOptions> | undefined): RunOptions {
  const issue = runSizeIssue(suite, options ?? {});
  if (issue) throw new PlanError(issue.message, issue.path);
  return RunOptionsInput.parse({ ...options });
}
