import type { PlaygroundRoute } from '../../../src-shared/contract/playground.js';
import type { StructuredRequest, StructuredResponse } from '../../providers/types.js';
import { ModelCalls, type ModelRole } from '../model-io/model-calls.js';

/**
 * The model calls of an interactive session, keeping the router's answers (chosen condition or
 * none, with its reason) so the decision log can say why the conversation moved — or stayed.
 */
export class RecordingCalls extends ModelCalls {
  readonly routes: PlaygroundRoute[] = [];

  override async structured<T>(
    role: ModelRole,
    purpose: string,
    node: string | undefined,
    req: StructuredRequest,
  ): Promise<StructuredResponse<T>> {
    const res = await super.structured<T>(role, purpose, node, req);
    if (purpose === 'route' && node) this.routes.push(routeAnswer(node, req, res.value));
    return res;
  }
}

/** The router's answer as the engine reads it: an offered condition id, or null (none / not offered). */
export function routeAnswer(node: string, req: StructuredRequest, value: unknown): PlaygroundRoute {
  const v = (value ?? {}) as { transition?: unknown; reason?: unknown };
  const offered = (
    (req.schema as { properties?: { transition?: { enum?: unknown[] } } }).properties?.transition?.enum ?? []
  ).filter((k): k is string => typeof k === 'string' && k !== 'none');
  const chosen =
    typeof v.transition === 'string' && offered.includes(v.transition) ? v.transition.replace(/#\d+$/, '') : null;
  const reason = typeof v.reason === 'string' ? v.reason.replace(/\s+/g, ' ').trim() : '';
  return {
    node,
    chosen,
    reason: reason || (chosen ? `router chose ${chosen}` : 'router: none of the conditions holds'),
  };
}
