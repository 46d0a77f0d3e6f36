import type { ModelSpec, RoleModel } from '../../../src-shared/schemas/index.js';
import { redactUrl } from '../../providers/shared/redact.js';

/**
 * A model as a run stores and exports it: endpoint URLs without secrets. A key can arrive inside a
 * URL (`https://host/v1?api_key=sk-...`, `https://user:pass@host/v1`); the provider uses it, but the
 * run's `models` column, a result's `agent_model`, `runs export` and JUnit only ever see the URL with
 * its userinfo and secret-looking query parameters replaced by `[redacted]`.
 */
export function storedSpec(spec: ModelSpec): ModelSpec {
  return spec.endpoints?.length ? { ...spec, endpoints: spec.endpoints.map(redactUrl) } : spec;
}

export function storedRoleModel(m: RoleModel): RoleModel {
  const identity = m.identity?.endpoints?.length
    ? { ...m.identity, endpoints: m.identity.endpoints.map(redactUrl) }
    : m.identity;
  return { ...m, spec: storedSpec(m.spec), ...(identity ? { identity } : {}) };
}
