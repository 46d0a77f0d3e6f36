import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import type { Run } from '../../../../src-shared/schemas/run.js';

/** The suite choice that means "the copy of its suite kept with run X" (Run again of a run with no stored suite). */
const FROM_RUN = 'run:';
export const suiteFromRun = (runId: string) => `${FROM_RUN}${runId}`;
/** The run whose suite copy is chosen, or null when a stored suite (or nothing) is. */
export const runOfSuiteChoice = (suite: string): string | null =>
  suite.startsWith(FROM_RUN) ? suite.slice(FROM_RUN.length) : null;

/**
 * What the New run dialog holds: the agent, suite, a model per role and the options. Remembered
 * between openings (like Try it's settings) and built from a run for "Run again" / "Run on another model".
 */
export interface RunSetup {
  agent: string;
  suite: string;
  models: { agent?: ModelSpecInput; caller?: ModelSpecInput; judge?: ModelSpecInput };
  repeats: string;
  concurrency: string;
  maxTurns: string;
  testModels: boolean;
  turnQuality: boolean;
  /** The run asks for the judge's long reasoning (run option judge_reasoning: full). */
  judgeReasoningFull?: boolean;
  personas: string[];
  /** When it was remembered (ISO): a suite created after it is offered instead of the remembered one. */
  saved_at?: string;
  /** Built from this run ("Run again"): the copy of its suite kept with it is offered too. */
  fromRun?: string;
}

/** The CLI's default (`parley run --concurrency`), so the app and the CLI start runs the same way. */
export const DEFAULT_CONCURRENCY = '4';

export const emptySetup = (agent = ''): RunSetup => ({
  agent,
  suite: '',
  models: {},
  repeats: '',
  concurrency: DEFAULT_CONCURRENCY,
  maxTurns: '',
  testModels: false,
  turnQuality: false,
  personas: [],
});

/** The set-up a run was started with. `anotherModel`: the agent model left to choose. */
export function setupFromRun(run: Run, anotherModel = false): RunSetup {
  const o = run.options;
  const agentSpec = run.models.agent?.spec;
  // A run stores the caller and judge even when they followed the agent model: keep them following it,
  // so changing the agent model changes them too, as it did when the run was started.
  const own = (m: Run['models']['caller']) =>
    m && !(agentSpec && JSON.stringify(m.spec) === JSON.stringify(agentSpec)) ? m.spec : undefined;
  const caller = own(run.models.caller);
  const judge = own(run.models.judge);
  // no stored suite (a tests file from the command line): the copy kept with the run, already expanded by personas
  const suite = run.suite_id ?? suiteFromRun(run.id);
  return {
    agent: run.agent_id,
    suite,
    fromRun: run.id,
    models: {
      ...(agentSpec && !anotherModel ? { agent: agentSpec } : {}),
      ...(caller ? { caller } : {}),
      ...(judge ? { judge } : {}),
    },
    repeats: o.repeats ? String(o.repeats) : '',
    concurrency: String(o.concurrency ?? DEFAULT_CONCURRENCY),
    maxTurns: o.max_turns ? String(o.max_turns) : '',
    testModels: o.test_model_precedence === true,
    turnQuality: o.turn_quality === true,
    ...(o.judge_reasoning === 'full' ? { judgeReasoningFull: true } : {}),
    personas: run.suite_id ? (o.personas ?? []) : [],
  };
}

const KEY = 'parley.newRun.last';

/** The part of localStorage used here (typed locally: the unit tests run without the DOM types). */
interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
const browserStorage = () => (globalThis as { localStorage?: KeyValue }).localStorage;

export function loadLastSetup(storage: Pick<KeyValue, 'getItem'> | undefined = browserStorage()): RunSetup | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<RunSetup>;
    if (!v || typeof v !== 'object') return null;
    return { ...emptySetup(), ...v, models: v.models ?? {}, personas: Array.isArray(v.personas) ? v.personas : [] };
  } catch {
    return null;
  }
}

export function saveLastSetup(
  s: RunSetup,
  storage: Pick<KeyValue, 'setItem'> | undefined = browserStorage(),
  now = new Date(),
): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...s, saved_at: now.toISOString() }));
  } catch {
    // storage full or disabled: the dialog simply starts empty next time
  }
}

interface SuiteLike {
  id: string;
  created_at: string;
  data: { source_meta?: Record<string, unknown> };
}

/**
 * The suite to offer: one created after the remembered set-up (the user just made it) first, then
 * the remembered one, then the newest suite that is not the bundled example, then the only one.
 */
export function suiteToOffer(suites: SuiteLike[], remembered: RunSetup | null): string {
  const newest = [...suites].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const since = remembered?.saved_at;
  const fresh = since ? newest.find((s) => s.created_at > since) : undefined;
  if (fresh) return fresh.id;
  if (remembered?.suite && suites.some((s) => s.id === remembered.suite)) return remembered.suite;
  const own = newest.find((s) => s.data.source_meta?.['parley-example'] !== true);
  return (own ?? newest[0])?.id ?? '';
}
