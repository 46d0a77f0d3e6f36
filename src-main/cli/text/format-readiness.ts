import type { ReadinessReport } from '../../../src-shared/schemas/index.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { plural } from '../../../src-shared/text/plural.js';
import { tagWords, verdictWords } from '../../../src-shared/readiness/fitness.js';
import { formatInterval, wilson } from '../../../src-shared/stats/index.js';

const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '-');

/** The readiness report for people: a verdict per family, accuracy and validity per family, speed, the misses. */
export function formatReadinessText(r: ReadinessReport): string {
  const out: string[] = [];
  const who = r.identity?.digest ? `${r.model} (${r.identity.digest.replace(/^sha256:/, '').slice(0, 12)})` : r.model;
  out.push(`Readiness of ${who}${r.cancelled ? ' - CANCELLED: only the tasks that finished are counted' : ''}`);
  out.push('');
  for (const v of r.verdicts) out.push(`  ${verdictWords(r, v)}`);
  out.push('');
  const rows = r.families.map((f) => [
    f.family,
    f.role,
    `${f.correct}/${f.total}`,
    pct(f.correct, f.total),
    formatInterval(wilson(f.correct, f.total)),
    `${f.valid}/${f.total}`,
    f.by_tag.map((t) => `${tagWords(f.family, t.tag)} ${t.correct}/${t.total}`).join(', '),
  ]);
  const head = ['FAMILY', 'ROLE', 'RIGHT', '', '95% INTERVAL', 'VALID OUTPUT', 'BY TAG'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  out.push(line(head), ...rows.map(line));
  out.push('');
  const s = r.speed;
  const speed = [
    s.tokens_per_s !== null ? `${s.tokens_per_s} tokens/s` : 'tokens/s not measured',
    s.first_token_ms !== null
      ? `first token ${s.first_token_ms} ms (median)`
      : 'first token not measured (no streaming)',
    s.call_ms !== null ? `${s.call_ms} ms per call (median)` : '',
    `${plural(s.calls, 'call')}, ${formatDuration(r.ms)}`,
  ].filter(Boolean);
  out.push(`Speed: ${speed.join('; ')}`);
  const missed = r.items.filter((i) => !i.correct);
  if (missed.length) {
    out.push('', `Missed (${missed.length}):`);
    for (const m of missed.slice(0, 40))
      out.push(
        `  ${m.family}/${m.id}: ${m.error ? `error: ${m.error}` : `expected ${m.expected}, got ${m.got}`}${!m.valid && !m.error ? ' [off-schema]' : ''}`,
      );
    if (missed.length > 40) out.push(`  ... and ${missed.length - 40} more (--json lists every task)`);
  }
  out.push('', `Stored as ${r.id}. Task set ${r.tasks_version}.`);
  return out.join('\n') + '\n';
}

/** One cell for `parley models`: the newest check's verdicts, short ("judge 18/20 fit, router 22/30 weak"). */
export function readinessCell(r: ReadinessReport | undefined): string {
  if (!r) return '';
  const noun = { routing: 'router', extraction: 'extractor', judging: 'judge', caller: 'caller' } as const;
  return (
    r.verdicts.map((v) => `${noun[v.family]} ${v.correct}/${v.total} ${v.fit}`).join(', ') +
    (r.cancelled ? ' (cancelled)' : '')
  );
}
