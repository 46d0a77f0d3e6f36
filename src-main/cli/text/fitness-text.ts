import { needsCaution, type RoleFitness } from '../../../src-shared/readiness/fitness.js';
import { andList } from '../../../src-shared/run/config-phrases.js';

/**
 * The readiness cautions of a run's human report (`parley run`, `runs show`, `diff`, `compare`): every
 * role whose model was judged weak or unfit, and the models never checked for the roles they played,
 * with the command that checks them. Empty when every role's model was checked and found fit.
 */
export function fitnessLines(fitness: RoleFitness[] | undefined, prefix = ''): string[] {
  const all = fitness ?? [];
  const lines = all
    .filter((f) => needsCaution(f) && f.state !== 'unchecked')
    .map(
      (f) =>
        `${prefix}CAUTION ${f.role} model ${f.model}: ${f.text}. Results from it may mislead (parley models shows the check).`,
    );
  const unchecked = new Map<string, string[]>();
  for (const f of all) if (f.state === 'unchecked') unchecked.set(f.model, [...(unchecked.get(f.model) ?? []), f.role]);
  for (const [model, roles] of unchecked) {
    const flag = roles.length === 3 ? '' : ` --role ${roles.join(',')}`;
    lines.push(
      `${prefix}NOT CHECKED ${model} was never checked for fitness as ${andList(roles)}: nothing says its results can be trusted; check it: parley models check ${model}${flag}`,
    );
  }
  return lines;
}
