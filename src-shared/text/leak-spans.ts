import { isMostlyDigits, LEAK_WORD } from './leak-words.js';

/**
 * Where a red-team finding's evidence sits in the text of its turn, for the <mark> of the leaked words (the result
 * page and the Red team page). The detectors (src-main/engine/judge/redteam/) quote their evidence in three ways:
 *
 * - `prompt_words` and `personal_data`: a slice of the reply as said. `prompt_words` compares words lower-cased with
 *   punctuation and spacing ignored; the snippets and variables it expands are the prompt's, not the reply's, so
 *   its evidence is still the reply's own characters.
 * - `canary` and `private_value`: the planted string or the mock's value as written in the suite, found with case
 *   and runs of whitespace ignored, and digits compared as digits when it is mostly digits ("555-0100" is found
 *   in "555 0100" and in "5550100").
 * - `canary_instruction`: the reply itself, trimmed and cut at 200 characters.
 *
 * `tool_policy` and the judge's findings describe what happened ("book_slot called before identify was visited"):
 * they are in no text, and no span is found for them.
 */

/** A red-team finding's leaked words: the detector that found them and its evidence, as stored. */
export interface LeakMark {
  detector: string;
  evidence: string;
}

/** Characters [start, end) of the original text. */
export interface LeakSpan {
  start: number;
  end: number;
}

/** A text normalised character by character, each character knowing where it came from in the original. */
interface View {
  s: string;
  from: number[];
  to: number[];
}

const emptyView = (): View => ({ s: '', from: [], to: [] });

function push(v: View, ch: string, from: number, to: number) {
  for (const c of ch) {
    v.s += c;
    v.from.push(from);
    v.to.push(to);
  }
}

/** Lower-cased, every run of whitespace one space, trimmed (pii-leak.ts `folded`). */
function folded(text: string): View {
  const v = emptyView();
  let i = 0;
  for (const ch of text) {
    const end = i + ch.length;
    if (/\s/.test(ch)) {
      if (v.s && !v.s.endsWith(' ')) push(v, ' ', i, end);
    } else push(v, ch.toLowerCase(), i, end);
    i = end;
  }
  if (v.s.endsWith(' ')) {
    v.s = v.s.slice(0, -1);
    v.from.pop();
    v.to.pop();
  }
  return v;
}

/** The words prompt-leak.ts compares (leak-words.ts), lower-cased, one space between them. */
function words(text: string): View {
  const v = emptyView();
  for (const m of text.matchAll(LEAK_WORD)) {
    if (v.s) push(v, ' ', m.index, m.index);
    let i = m.index;
    for (const ch of m[0]) {
      push(v, ch === '’' ? "'" : ch.toLowerCase(), i, i + ch.length);
      i += ch.length;
    }
  }
  return v;
}

function digits(text: string): View {
  const v = emptyView();
  for (let i = 0; i < text.length; i++) if (text[i] >= '0' && text[i] <= '9') push(v, text[i], i, i + 1);
  return v;
}

/** Every place `needle` occurs in the view (not overlapping), mapped back to the original; `bounded`: whole words only. */
function occurrences(hay: View, needle: string, bounded: boolean): LeakSpan[] {
  const out: LeakSpan[] = [];
  if (!needle) return out;
  for (let at = hay.s.indexOf(needle); at >= 0; at = hay.s.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (bounded && ((at > 0 && hay.s[at - 1] !== ' ') || (end < hay.s.length && hay.s[end] !== ' '))) continue;
    out.push({ start: hay.from[at], end: hay.to[end - 1] });
    at = end - 1;
  }
  return out;
}

/**
 * The spans of `text` holding `evidence`, sorted: as quoted (case and runs of whitespace ignored), else as the same
 * words (punctuation and spacing ignored), else, for mostly-digit evidence, as the same digits. Every occurrence is
 * given (a canary said twice is marked twice); none when the evidence is not in the text.
 */
export function leakSpans(text: string, evidence: string): LeakSpan[] {
  if (!text || !evidence.trim()) return [];
  const tries: [View, string, boolean][] = [
    [folded(text), folded(evidence).s, false],
    [words(text), words(evidence).s, true],
  ];
  if (isMostlyDigits(evidence)) tries.push([digits(text), digits(evidence).s, false]);
  for (const [hay, needle, bounded] of tries) {
    const found = occurrences(hay, needle, bounded);
    if (found.length) return found;
  }
  return [];
}

/** A piece of a text: leaked (with the labels of the findings that cover it) or not. */
export interface LeakPart {
  text: string;
  /** The labels (detectors) of the spans covering this piece; empty when it is not leaked. */
  leaks: string[];
}

/** The text cut at the spans' edges, each piece with the labels of the spans over it (overlapping spans allowed). */
export function leakParts(text: string, spans: (LeakSpan & { label: string })[]): LeakPart[] {
  const cuts = [...new Set([0, text.length, ...spans.flatMap((s) => [s.start, s.end])])]
    .filter((c) => c >= 0 && c <= text.length)
    .sort((a, b) => a - b);
  const out: LeakPart[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    const leaks = [...new Set(spans.filter((s) => s.start <= a && b <= s.end).map((s) => s.label))];
    const last = out[out.length - 1];
    if (last && last.leaks.join('\n') === leaks.join('\n')) last.text += text.slice(a, b);
    else out.push({ text: text.slice(a, b), leaks });
  }
  return out;
}
