import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { roleModelLabel } from '../../../ui/models-label.js';
import { isCopiedRun } from '../../../../src-shared/run/copied.js';

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
  /**
   * The run this set-up was taken from: the new run records it (compare's baseline A), and the copy of its
   * suite kept with it is offered too. Never remembered.
   */
  sourceRunId?: string;
  /** "Run on another model": the caller and judge kept on the models the source run used (their labels). */
  pinned?: { run: string; caller: string; judge: string };
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

/**
 * The set-up a run was started with. `anotherModel`: the agent model left to choose, and the caller and
 * judge pinned to the models the run resolved them to (a judge that followed the agent model stays on
 * it), so only the agent model changes and the scores stay comparable (issue 24).
 */
export function setupFromRun(run: Run, anotherModel = false): RunSetup {
  const o = run.options;
  // a run copied from another database does not offer its author's models (chosen again here)
  const copied = isCopiedRun(run);
  const agentSpec = copied ? undefined : run.models.agent?.spec;
  // "Run again": a caller or judge stored with the agent model keeps following it, as when the run was started.
  const own = (m: Run['models']['caller']) =>
    m && !(agentSpec && JSON.stringify(m.spec) === JSON.stringify(agentSpec)) ? m.spec : undefined;
  // no stored suite (a tests file from the command line): the copy kept with the run, already expanded by personas
  const suite = run.suite_id ?? suiteFromRun(run.id);
  const resolved = (m: Run['models']['caller']) => (m ?? run.models.agent)?.spec;
  const caller = copied ? undefined : anotherModel ? resolved(run.models.caller) : own(run.models.caller);
  const judge = copied ? undefined : anotherModel ? resolved(run.models.judge) : own(run.models.judge);
  return {
    sourceRunId: run.id,
    ...(anotherModel && caller && judge
      ? {
          pinned: {
            run: run.id,
            caller: roleModelLabel(run.models.caller ?? run.models.agent),
            judge: roleModelLabel(run.models.judge ?? run.models.agent),
          },
        }
      : {}),
    agent: run.agent_id,
    suite,
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
  // the link to a source run and the pinned roles belong to that one start, not to the next
  const { sourceRunId: _source, pinned: _pinned, ...kept } = s;
  try {
    storage?.setItem(KEY, JSON.stringify({ ...kept, saved_at: now.toISOString() }));
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
