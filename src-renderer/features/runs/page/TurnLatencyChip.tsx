import type { TurnLatency } from '../../../../src-shared/schemas/run.js';
import { formatMs } from '../../../../src-shared/latency/run-latency.js';
import { dominantWaitPart, WAIT_PARTS } from '../../../../src-shared/latency/dominant-part.js';

/** The tooltip's lines: the parts of the wait (as the chip names them), with the full reply after the first token. */
const PARTS: (readonly [keyof TurnLatency, string])[] = WAIT_PARTS.flatMap<readonly [keyof TurnLatency, string]>((p) =>
  p[0] === 'first_token_ms' ? [p, ['full_reply_ms', 'full reply'] as const] : [p],
);

/**
 * What the caller waited for one agent turn and what most of the wait was ("4.1 s · speech recognition 3.2 s"),
 * with every part on hover (docs/latency.md).
 */
export function TurnLatencyChip({ latency }: { latency: TurnLatency }) {
  const est = new Set(latency.estimated ?? []);
  const title = [
    'What the caller waited after they stopped speaking',
    ...PARTS.filter(([k]) => latency[k] !== undefined).map(
      ([k, label]) => `${label}: ${formatMs(latency[k] as number)}${est.has(k) ? ' (estimated)' : ''}`,
    ),
    ...(est.has('response_ms') ? ['no model call before this turn (static text): counted as 0 ms'] : []),
  ].join('\n');
  const response = latency.response_ms;
  const top = dominantWaitPart(latency);
  return (
    <span className="latency-chip small" data-testid="turn-latency" title={title}>
      {response === undefined ? '—' : `${formatMs(response)}${est.has('response_ms') ? ' est.' : ''}`}
      {top ? (
        <span className="muted" data-testid="turn-latency-top">
          {' '}
          · {top.label} {formatMs(top.ms)}
          {top.estimated ? ' est.' : ''}
        </span>
      ) : (
        latency.first_token_ms !== undefined &&
        latency.full_reply_ms !== undefined && (
          <span className="muted">
            {' '}
            · first token {formatMs(latency.first_token_ms)} · full {formatMs(latency.full_reply_ms)}
          </span>
        )
      )}
    </span>
  );
}
