import type { EndpointStatsRecord } from '../schemas/index.js';

/** Column headers and rows of the per-endpoint table (CLI and app show the same figures). */
export const ENDPOINT_COLUMNS = [
  'MODEL',
  'ENDPOINT',
  'LIMIT',
  'CALLS',
  'IN FLIGHT',
  'ERRORS',
  '429/503',
  'EJECTED',
  'MEAN MS',
] as const;

export function endpointLimitText(s: EndpointStatsRecord): string {
  return [`${s.concurrency} at once`, s.rpm ? `${s.rpm} rpm` : '', s.tpm ? `${s.tpm} tpm` : '']
    .filter(Boolean)
    .join(', ');
}

export function endpointRows(stats: EndpointStatsRecord[]): string[][] {
  return stats.map((s) => [
    s.model,
    s.endpoint,
    endpointLimitText(s),
    String(s.calls),
    String(s.in_flight),
    String(s.errors),
    String(s.rate_limited),
    s.ejected ? `out now (${s.ejections}x)` : s.ejections ? `${s.ejections}x` : '-',
    String(s.mean_latency_ms),
  ]);
}

/** Last errors worth reading, one line per endpoint that had one. */
export function endpointErrorLines(stats: EndpointStatsRecord[]): string[] {
  return stats.filter((s) => s.last_error).map((s) => `${s.endpoint}: last error: ${s.last_error}`);
}
