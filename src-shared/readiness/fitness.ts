import {
  FAMILY_NOUN,
  FAMILY_ROLE,
  READINESS_FAMILIES,
  type ReadinessFamily,
  type ReadinessReport,
  type ReadinessRole,
} from '../schemas/readiness.js';
import { formatInterval, wilson } from '../stats/wilson.js';

/**
 * The stored readiness verdict of one model in one role, in plain words (issue 24): what every model
 * picker, the run page, `parley runs show` and compare say about a role's model. Pure: the newest
 * stored checks of the model go in (src-main/app/models/model-fitness.ts reads them), the verdict comes out.
 */

export type FitnessState = 'fit' | 'weak' | 'unfit' | 'unchecked';

/** One family's figures: right of total with the 95% Wilson interval, the weak tags in words. */
export interface FamilyFigure {
  family: ReadinessFamily;
  fit: 'fit' | 'weak' | 'unfit';
  correct: number;
  total: number;
  /** 95% Wilson interval of correct / total. */
  low: number;
  high: number;
  /** Tags the model is weak on, in plain words ("negated conditions"). */
  weak_on: string[];
  /** "not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria" */
  text: string;
}

export interface RoleFitness {
  role: ReadinessRole;
  /** The model as checks are stored (provider:model). */
  model: string;
  /** The worst verdict of the role's families, or unchecked when no stored check covered the role. */
  state: FitnessState;
  figures: FamilyFigure[];
  check_id: string | null;
  checked_at: string | null;
  /** The check was cancelled: only the tasks that finished were counted. */
  cancelled: boolean;
  /** One plain sentence: the verdicts, or that the model was never checked in this role. */
  text: string;
}

/** Each role in the words of a sentence ("never checked as a judge"). */
export const ROLE_WORDS: Record<ReadinessRole, string> = {
  agent: 'the agent (routing and extraction)',
  caller: 'a simulated caller',
  judge: 'a judge',
};

/** The task tags in plain words, per family ("negated" reads differently for conditions and criteria). */
const TAG_WORDS: Record<ReadinessFamily, Record<string, string>> = {
  routing: {
    negated: 'negated conditions',
    sibling: 'conditions that sound alike',
    'three-way': 'three-way choices',
    none: 'telling when no condition holds',
  },
  extraction: {
    text: 'free-text values',
    number: 'numbers',
    enum: 'values from a list',
    null: 'values never stated',
    boolean: 'yes/no values',
    correction: 'values the caller corrected',
    negated: 'negated answers',
  },
  judging: {
    pass: 'transcripts that meet the criterion',
    fail: 'transcripts that miss the criterion',
    negated: 'negated criteria',
    order: 'the order of steps',
  },
  caller: {
    persona: 'staying in the persona',
    knows: 'using the facts it was given',
    goal: 'pursuing its goal',
  },
};

/** A tag in plain words ("negated" in routing: "negated conditions"); an unknown tag with its dashes as spaces. */
export function tagWords(family: ReadinessFamily, tag: string): string {
  return TAG_WORDS[family][tag] ?? tag.replace(/[-_]/g, ' ');
}

const FIT_WORD = { fit: 'fit', weak: 'weak', unfit: 'not fit' } as const;

/** "not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria" */
export function familyVerdictText(
  family: ReadinessFamily,
  fit: 'fit' | 'weak' | 'unfit',
  correct: number,
  total: number,
  weakOn: string[],
  notes: string[] = [],
): string {
  const interval = formatInterval(wilson(correct, total));
  const words = weakOn.map((t) => tagWords(family, t));
  const all = [...(words.length ? [`weak on ${words.join(', ')}`] : []), ...notes];
  return `${FIT_WORD[fit]} as ${FAMILY_NOUN[family]}: ${correct}/${total} right (${interval}, 95% interval)${all.length ? ` - ${all.join('; ')}` : ''}`;
}

/** The notes of a family's verdict: replies off-schema or failed, calls that failed. */
export function familyNotes(score: { total: number; valid: number; errors: number } | undefined): string[] {
  if (!score) return [];
  return [
    ...(score.valid < score.total
      ? [`${score.total - score.valid} of ${score.total} replies off-schema or failed`]
      : []),
    ...(score.errors ? [`${score.errors} call(s) failed`] : []),
  ];
}

/** A stored verdict in today's words (checks stored before the words changed read the same as new ones). */
export function verdictWords(
  report: Pick<ReadinessReport, 'families'>,
  v: ReadinessReport['verdicts'][number],
): string {
  const score = report.families.find((f) => f.family === v.family);
  return familyVerdictText(v.family, v.fit, v.correct, v.total, v.weak_on, familyNotes(score));
}

const RANK = { unfit: 0, weak: 1, fit: 2 } as const;

/**
 * The verdict for a model in a role from its stored checks (any order): the newest check that
 * covered the role decides. Unchecked when none did.
 */
export function roleFitness(role: ReadinessRole, model: string, checks: ReadinessReport[]): RoleFitness {
  const newest = [...checks]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .find((c) => c.verdicts.some((v) => v.role === role));
  if (!newest)
    return {
      role,
      model,
      state: 'unchecked',
      figures: [],
      check_id: null,
      checked_at: null,
      cancelled: false,
      text: `never checked as ${ROLE_WORDS[role]}: nothing is known about whether its results can be trusted`,
    };
  const figures: FamilyFigure[] = READINESS_FAMILIES.filter((f) => FAMILY_ROLE[f] === role).flatMap((family) => {
    const v = newest.verdicts.find((x) => x.family === family);
    if (!v) return [];
    const p = wilson(v.correct, v.total);
    return [
      {
        family,
        fit: v.fit,
        correct: v.correct,
        total: v.total,
        low: p.low,
        high: p.high,
        weak_on: v.weak_on.map((t) => tagWords(family, t)),
        text: verdictWords(newest, v),
      },
    ];
  });
  const state = figures.reduce<FitnessState>(
    (worst, f) => (worst === 'unchecked' || RANK[f.fit] < RANK[worst as keyof typeof RANK] ? f.fit : worst),
    'unchecked',
  );
  return {
    role,
    model,
    state,
    figures,
    check_id: newest.id,
    checked_at: newest.created_at,
    cancelled: newest.cancelled,
    text: figures.map((f) => f.text).join('; ') + (newest.cancelled ? ' (check cancelled: partial)' : ''),
  };
}

/** Whether results from this role's model deserve a caution: judged weak or unfit, or never checked. */
export const needsCaution = (f: RoleFitness): boolean => f.state !== 'fit';

/** The caution line of a role, e.g. "judge model t8.gguf: not fit as judge: 10/20 right (...)". */
export function cautionText(f: RoleFitness, label = f.model): string {
  return `${f.role} model ${label}: ${f.text}`;
}
