import type { MethodInput } from '../../../../src-shared/contract/index.js';
import { RUN_STATUSES, type RunStatus } from '../../../../src-shared/schemas/run.js';

/** The runs list filters as they live in the hash query (`#/runs?agent=ag_1&status=failed&from=2025-01-01`). */
export interface RunFilters {
  agent: string;
  model: string;
  status: RunStatus | '';
  /** Dates as yyyy-mm-dd (local), inclusive. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: RunFilters = { agent: '', model: '', status: '', from: '', to: '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromQuery(q: URLSearchParams): RunFilters {
  const status = q.get('status') ?? '';
  const date = (k: string) => {
    const v = q.get(k) ?? '';
    return DATE.test(v) ? v : '';
  };
  return {
    agent: q.get('agent') ?? '',
    model: q.get('model') ?? '',
    status: (RUN_STATUSES as readonly string[]).includes(status) ? (status as RunStatus) : '',
    from: date('from'),
    to: date('to'),
  };
}

export const hasFilters = (f: RunFilters) => Object.values(f).some(Boolean);

/** Local midnight of a yyyy-mm-dd day as ISO; `endOfDay` gives the last millisecond of that day. */
export function dayToIso(day: string, endOfDay = false): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = endOfDay ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return date.toISOString();
}

/** The `runs.list` input for the filters (newest first is the API's order). */
export function listInput(f: RunFilters, limit = 200): NonNullable<MethodInput<'runs.list'>> {
  return {
    limit,
    offset: 0,
    ...(f.agent ? { agent_id: f.agent } : {}),
    ...(f.model.trim() ? { model: f.model.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.from ? { since: dayToIso(f.from) } : {}),
    ...(f.to ? { until: dayToIso(f.to, true) } : {}),
  };
}
