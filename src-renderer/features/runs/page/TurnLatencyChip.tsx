import type { TurnLatency } from '../../../../src-shared/schemas/run.js';
import { formatMs } from '../../../../src-shared/latency/run-latency.js';
import { dominantWaitPart } from '../../../../src-shared/latency/dominant-part.js';

const PARTS: [keyof TurnLatency, string][] = [
  ['stt_ms', 'speech recognition'],
  ['routing_ms', 'routing'],
  ['first_token_ms', 'first token'],
  ['full_reply_ms', 'full reply'],
  ['tts_first_audio_ms', 'speech synthesis, first audio'],
];

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
