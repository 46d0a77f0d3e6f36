/**
 * The auto-fix: iterations of diagnose, propose, apply and test until the target is reached
 * (`improved`: a failing test's pass rate rose by more than noise with no regression; `all-pass`:
 * every failing test passed every conversation with no regression), `max_iterations` ran, or two
 * attempts in a row changed the same text without progress (then the problem is likely in the
 * graph's structure, and the transitions involved are named). Each iteration edits the last
 * accepted version. An iteration left unfinished by a crash is finished first.
 */
import type { FixIteration, FixStop, Result } from '../../../src-shared/schemas/index.js';
import { editKey, editLabel, transitionsInvolved } from '../../diagnosis/index.js';
import type { FixSteps } from './steps.js';
import { accepted, reached } from './verdicts.js';

/** Runs the steps of an iteration that are not done yet. */
export async function completeIteration(steps: FixSteps, n: number): Promise<FixIteration> {
  const get = () => steps.rec.fix.iterations.find((i) => i.n === n)!;
  if (!get().diagnoses.length) await steps.diagnose(get());
  if (!get().proposal) await steps.propose(get());
  let it = get();
  if (it.outcome !== null) return it;
  if (!it.version_id) {
    const edits = it.applied ?? it.proposal!.edits;
    if (!edits.length) return steps.rec.update(n, { outcome: 'no_edits', finished_at: new Date().toISOString() });
    it = steps.apply(it, edits);
    if (it.outcome !== null) return it;
  }
  return steps.test(n);
}

const tried = (i: FixIteration) => i.applied ?? i.proposal?.edits ?? [];

/**
 * Two tested attempts in a row, neither accepted, that changed a text in common: the stop that
 * says the problem is likely structural, naming the texts and the transitions involved.
 */
export function noProgress(steps: FixSteps): FixStop | null {
  const tested = steps.rec.fix.iterations.filter((i) => i.outcome !== null && i.outcome !== 'no_edits');
  const [a, b] = tested.slice(-2);
  if (!a || !b || accepted(a.outcome) || accepted(b.outcome)) return null;
  const keysA = new Set(tried(a).map(editKey));
  const same = tried(b).filter((e) => keysA.has(editKey(e)));
  if (!same.length) return null;
  const results = [a, b]
    .flatMap((i) => i.diagnoses.flatMap((d) => d.subject.result_ids))
    .map((id) => steps.resultById(id))
    .filter((r): r is Result => !!r);
  const transitions = transitionsInvolved(steps.version(b.base_version_id).graph, same, results);
  const texts = [...new Set(same.map((e) => editLabel(e)))].join(', ');
  return {
    reason: 'no_progress',
    reached: false,
    transitions,
    message: `attempts ${a.n} and ${b.n} both changed ${texts} without progress: the problem is likely in the graph's structure (a transition that is missing, or a condition that sends the call the wrong way)${transitions.length ? `; transitions involved: ${transitions.join('; ')}` : ''}`,
  };
}

export interface LoopHooks {
  /** An iteration ended (judged, refused or with no edits). */
  onIteration?(it: FixIteration): void;
}

/** The auto-fix loop from where the fix stands; returns why it stopped (the fix is saved as it goes). */
export async function autoFix(steps: FixSteps, hooks: LoopHooks = {}): Promise<FixStop> {
  const auto = steps.rec.fix.auto!;
  for (;;) {
    let it = steps.rec.last;
    if (!it || it.outcome !== null) {
      const ran = steps.rec.fix.iterations.filter((i) => i.n >= auto.first).length;
      if (ran >= auto.max_iterations) return maxReached(steps, auto.max_iterations);
      const base = steps.currentBase();
      if (!steps.evidence(base).results.length)
        return {
          reason: 'all_pass',
          reached: true,
          transitions: [],
          message: 'every failing test passes on the last accepted version',
        };
      it = steps.rec.begin(base);
    }
    it = await completeIteration(steps, it.n);
    hooks.onIteration?.(it);
    if (reached(auto.until, it))
      return {
        reason: it.outcome === 'all_pass' ? 'all_pass' : 'improved',
        reached: true,
        transitions: [],
        message:
          it.outcome === 'all_pass'
            ? `every failing test passed every conversation on v${it.version} with no regression`
            : `the failing tests improved by more than noise on v${it.version} with no regression`,
      };
    const stuck = noProgress(steps);
    if (stuck) return stuck;
  }
}

function maxReached(steps: FixSteps, max: number): FixStop {
  const best = steps.rec.fix.iterations.filter((i) => accepted(i.outcome)).at(-1);
  return {
    reason: 'max_iterations',
    reached: false,
    transitions: [],
    message: `${max} iteration${max === 1 ? '' : 's'} ran without reaching the target${best ? `; the best version is v${best.version} (${best.outcome === 'all_pass' ? 'all pass' : 'improved'})` : ''}`,
  };
}
