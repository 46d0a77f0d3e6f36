import type { ParsedCall } from '../../src-main/transcripts/index.js';
import { PII_KINDS } from '../../src-main/transcripts/redact/index.js';
import type { PiiCallSet } from './pii-calls.js';

export interface KindRecall {
  kind: string;
  found: number;
  planted: number;
}

/** Everything a stored call carries as text: turns, tool arguments and results, variables. */
export const callText = (c: ParsedCall): string =>
  JSON.stringify({ t: c.transcript, tools: c.tools_called, v: c.variables });

/**
 * Recall per kind over redacted calls: a planted value is found when it appears nowhere in its call's
 * text any more (case-insensitive). Spoken phone numbers are their own row. False positives: the
 * phrases that must stay (the agent's and clinic's names, ordinary words) that no longer appear.
 */
export function measureRecall(set: PiiCallSet, redacted: ParsedCall[]) {
  const texts = redacted.map((c) => callText(c).toLowerCase());
  const rows = new Map<string, KindRecall>();
  for (const k of [...PII_KINDS, 'phone (spoken)']) rows.set(k, { kind: k, found: 0, planted: 0 });
  const missed: string[] = [];
  for (const p of set.planted) {
    const row = rows.get(p.spoken ? 'phone (spoken)' : p.kind)!;
    row.planted++;
    if (texts[p.call].includes(p.value.toLowerCase())) missed.push(`${p.kind}: ${p.value} (call ${p.call + 1})`);
    else row.found++;
  }
  let keepTotal = 0;
  let keepLost = 0;
  const lost: string[] = [];
  for (const [i, t] of texts.entries())
    for (const k of set.keep) {
      keepTotal++;
      if (!t.includes(k.toLowerCase())) {
        keepLost++;
        lost.push(`${k} (call ${i + 1})`);
      }
    }
  return { rows: [...rows.values()], missed, falsePositives: { lost: keepLost, checked: keepTotal, examples: lost } };
}
