import { findAddresses } from './address.js';
import { findCards } from './card.js';
import { findDatesOfBirth } from './dob.js';
import { findEmails } from './email.js';
import { findNames } from './names.js';
import { findIds } from './national-id.js';
import { findPhones } from './phone.js';
import { PII_KINDS, PLACEHOLDER_TAG, type Finding, type PiiKind, type Recogniser } from './types.js';

/** When two findings overlap, the earlier kind here wins (an email's digits are not a phone number). */
const PRIORITY: PiiKind[] = ['email', 'card', 'id', 'phone', 'dob', 'address', 'name'];
const RECOGNISERS: Recogniser[] = [
  findEmails,
  findCards,
  findIds,
  findPhones,
  findDatesOfBirth,
  findAddresses,
  findNames,
];

export type RedactionCounts = Record<PiiKind, number>;

export const emptyCounts = (): RedactionCounts => Object.fromEntries(PII_KINDS.map((k) => [k, 0])) as RedactionCounts;

/** The form two mentions of one value share: "+1 (415) 555-0134" and "415.555.0134" are one phone. */
function normalise(kind: PiiKind, value: string): string {
  if (kind === 'phone') {
    const d = value.replace(/\D/g, '');
    return d.length === 11 && d.startsWith('1') ? d.slice(1) : d || value.toLowerCase();
  }
  if (kind === 'card' || kind === 'id') return value.replace(/[^0-9a-z]/gi, '').toLowerCase();
  return value
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Redacts the texts of ONE call: the same value gets the same placeholder everywhere in the call
 * (`[PHONE_1]` in a turn, a tool argument and a tool result). `exempt`: lower-case words that are not a
 * person (the agent's and the clinic's own names). Use `learn` on every text first, then `redact`.
 */
export class CallRedactor {
  private readonly placeholders = new Map<string, string>();
  private readonly next = emptyCounts();
  /** Values seen in the call, replaced wherever they appear again (a surname alone, a number in a result). */
  private readonly literals = new Map<string, { kind: PiiKind; placeholder: string }>();
  readonly replaced = emptyCounts();

  constructor(private readonly exempt: ReadonlySet<string> = new Set()) {}

  private isExempt(f: Finding, text: string): boolean {
    if (f.kind !== 'name') return false;
    const words = text.slice(f.start, f.end).toLowerCase().split(/\s+/);
    return words.every((w) => this.exempt.has(w));
  }

  private placeholderFor(kind: PiiKind, value: string): string {
    const key = `${kind}:${normalise(kind, value)}`;
    let p = this.placeholders.get(key);
    if (!p) {
      this.next[kind]++;
      p = `[${PLACEHOLDER_TAG[kind]}_${this.next[kind]}]`;
      this.placeholders.set(key, p);
    }
    return p;
  }

  /** Records a value known to be personal data of `kind` (a tool argument named `phone`, say). */
  addValue(kind: PiiKind, value: string): void {
    const v = value.trim();
    if (v.length < 2 || (kind === 'name' && this.isExempt({ kind, start: 0, end: v.length }, v))) return;
    if (this.literals.get(v.toLowerCase())?.kind === kind) return;
    const placeholder = this.placeholderFor(kind, v);
    this.literals.set(v.toLowerCase(), { kind, placeholder });
    if (kind === 'name')
      for (const w of v.split(/\s+/))
        if (w.length >= 3 && !this.exempt.has(w.toLowerCase()) && !this.literals.has(w.toLowerCase()))
          this.literals.set(w.toLowerCase(), { kind, placeholder });
  }

  private findings(text: string): Finding[] {
    const all = RECOGNISERS.flatMap((r) => r(text)).filter((f) => f.end > f.start && !this.isExempt(f, text));
    for (const [lit, { kind }] of this.literals) {
      const re = new RegExp(`(?<![A-Za-z0-9])${escapeRe(lit)}(?![A-Za-z0-9])`, 'gi');
      for (const m of text.matchAll(re)) all.push({ kind, start: m.index, end: m.index + m[0].length });
    }
    all.sort(
      (a, b) =>
        PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind) || b.end - b.start - (a.end - a.start) || a.start - b.start,
    );
    const kept: Finding[] = [];
    for (const f of all) if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
    return kept.sort((a, b) => a.start - b.start);
  }

  /** First pass: remembers every value found in `text`, so later texts of the call reuse its placeholder. */
  learn(text: string): void {
    for (const f of this.findings(text)) this.addValue(f.kind, text.slice(f.start, f.end));
  }

  /** Second pass: `text` with every finding replaced by its placeholder (counted by kind). */
  redact(text: string): string {
    let out = '';
    let at = 0;
    for (const f of this.findings(text)) {
      const value = text.slice(f.start, f.end);
      const lit = this.literals.get(value.toLowerCase());
      out +=
        text.slice(at, f.start) + (lit && lit.kind === f.kind ? lit.placeholder : this.placeholderFor(f.kind, value));
      this.replaced[f.kind]++;
      at = f.end;
    }
    return out + text.slice(at);
  }
}
