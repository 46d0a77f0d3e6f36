import type { ModelSpec, ReadinessRole, RoleModel, Run } from '../../../src-shared/schemas/index.js';
import { roleFitness, type RoleFitness } from '../../../src-shared/readiness/fitness.js';
import type { Store } from '../../store/index.js';
import { checkKey } from './readiness.js';
import { storedRoleModel } from '../../engine/model-io/stored-models.js';

/**
 * The stored readiness verdict of a model in a role (issue 24), for every model picker, the run page,
 * `parley runs show` and compare. A check is found by the model's spec (a local file by its absolute
 * path) or, when the identity is known, by its digest (the same file under another path); a check of
 * the same name with another digest (a re-pulled tag, a replaced file) does not count.
 * None for a scripted model: it answers from a file, its runs are marked demo instead.
 */
export function modelFitness(store: Store, role: ReadinessRole, spec: ModelSpec, digest?: string): RoleFitness | null {
  if (spec.provider === 'scripted') return null;
  const key = checkKey(spec);
  // a tag or path that now names other weights (another digest) was checked as another model
  const byKey = store.modelChecks
    .list(key)
    .filter((c) => !digest || !c.identity?.digest || c.identity.digest === digest);
  const byDigest = digest
    ? store.modelChecks.listByDigest(digest).filter((c) => !byKey.some((k) => k.id === c.id))
    : [];
  return roleFitness(role, key, [...byKey, ...byDigest]);
}

const ROLES = ['agent', 'caller', 'judge'] as const;

/** The verdict of each role's model of a run (a caller or judge the run did not name ran on the agent model). */
export function runFitness(store: Store, run: Pick<Run, 'models'>): RoleFitness[] {
  return ROLES.flatMap((role) => {
    const stored: RoleModel | undefined = run.models[role] ?? (role !== 'agent' ? run.models.agent : undefined);
    if (!stored) return [];
    // named by its URLs without secrets (a run stored before they were redacted), as every report names it
    const m = storedRoleModel(stored);
    const f = modelFitness(store, role, m.spec, m.identity?.digest);
    return f ? [f] : [];
  });
}
