/** Kinds of personal data the redactor replaces, each with its placeholder tag (`[NAME_1]`, ...). */
export const PII_KINDS = ['name', 'phone', 'email', 'dob', 'address', 'card', 'id'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

export const PLACEHOLDER_TAG: Record<PiiKind, string> = {
  name: 'NAME',
  phone: 'PHONE',
  email: 'EMAIL',
  dob: 'DOB',
  address: 'ADDRESS',
  card: 'CARD',
  id: 'ID',
};

/** One piece of personal data found in a text: [start, end) and the kind. */
export interface Finding {
  kind: PiiKind;
  start: number;
  end: number;
}

/** A recogniser: every finding of its kind in a text. */
export type Recogniser = (text: string) => Finding[];

/** Matches of a global regex as findings (group `v` narrows the span when present). */
export function regexFindings(
  text: string,
  re: RegExp,
  kind: PiiKind,
  keep: (m: RegExpExecArray) => boolean = () => true,
): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(re)) {
    if (!keep(m)) continue;
    const v = m.groups?.v;
    const start = v !== undefined ? m.index + m[0].indexOf(v) : m.index;
    out.push({ kind, start, end: start + (v ?? m[0]).length });
  }
  return out;
}
