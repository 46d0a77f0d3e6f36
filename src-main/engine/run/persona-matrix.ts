/**
 * A persona x scenario matrix: every test of a suite (the scenario: goal, facts, what success looks
 * like) runs once with each persona (who calls and how they behave). The matrix is an ordinary suite
 * whose tests are the combinations, named "test · persona", so results, resumes and comparisons
 * work on it as on any suite; the run stores it as its suite snapshot.
 */
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import type { Persona, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import { PlanError } from './run-plan.js';

/** The scenario's goal: what the test tells the caller to achieve, from its prompt or its own persona. */
function scenarioGoal(test: TestCase, resolve: (id: string) => Persona | undefined): string {
  if (test.user_prompt?.trim()) return test.user_prompt.trim();
  const own = typeof test.persona === 'string' ? resolve(test.persona) : test.persona;
  if (!own) return '';
  return own.goal.trim() || (own.markdown ? renderPersonaPrompt(own) : '');
}

/** One test of the matrix: the persona (identity, personality, behaviours) with the scenario's goal. */
export function combine(test: TestCase, persona: Persona, resolve: (id: string) => Persona | undefined): TestCase {
  const goal = scenarioGoal(test, resolve) || persona.goal;
  const { id: _id, ...who } = persona;
  return {
    ...test,
    name: `${test.name} · ${persona.name}`,
    user_prompt: undefined,
    // a persona kept as Retell markdown is said as written: the scenario's goal follows it
    persona: {
      ...who,
      goal,
      markdown: who.markdown?.trim()
        ? goal
          ? `${who.markdown.trim()}\n\n## Goal in this scenario\n${goal}`
          : who.markdown
        : undefined,
    },
  };
}

/**
 * The suite with every selected test (all when `tests` is empty) crossed with every persona, tests
 * first: [t1·p1, t1·p2, t2·p1, ...]. Unknown personas or tests fail before anything runs.
 */
export function expandPersonaMatrix(
  suite: TestSuite,
  personaRefs: string[],
  resolve: (idOrName: string) => Persona | undefined,
  tests: string[] = [],
): TestSuite {
  const personas = personaRefs.map((ref) => {
    const p = resolve(ref);
    if (!p) throw new PlanError(`persona "${ref}" is not in the persona library`, 'options.personas');
    return p;
  });
  const names = new Set(tests);
  const unknown = tests.filter((n) => !suite.tests.some((t) => t.name === n));
  if (unknown.length)
    throw new PlanError(
      `no test named ${unknown.map((n) => `"${n}"`).join(', ')} in suite "${suite.name}" (tests: ${suite.tests.map((t) => t.name).join(', ')})`,
    );
  const chosen = names.size ? suite.tests.filter((t) => names.has(t.name)) : suite.tests;
  // caller_script tests say fixed lines: a persona would change nothing, so they run once as they are
  const matrix = chosen.flatMap((t) => (t.caller_script ? [t] : personas.map((p) => combine(t, p, resolve))));
  return { ...suite, tests: matrix };
}
