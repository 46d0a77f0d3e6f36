import { Persona, type PersonaInput } from '../../../src-shared/schemas/index.js';
import { formatPath } from '../../../src-shared/contract/define.js';
import { labelIsName, ownNameFact } from '../../../src-shared/persona/persona-prompt.js';

/**
 * The persona form's editing state. Identity facts are rows (not a record) so a key can be
 * renamed, left empty while typing, or duplicated without losing what the user typed;
 * `toPersona` turns the rows back into the stored shape and `validateDraft` names what is wrong.
 */
export interface FactRow {
  key: string;
  value: string;
}
export interface HiddenFactRow {
  fact: string;
  reveal_when: string;
}

export interface PersonaDraft {
  name: string;
  facts: FactRow[];
  goal: string;
  personality: Persona['personality'];
  behaviours: {
    interrupts: boolean;
    wrong_details_first: boolean;
    asks_for_human: boolean;
    goes_off_topic: boolean;
  };
  hidden_facts: HiddenFactRow[];
  language: string;
  /** Kept while the imported markdown is used verbatim; cleared when the user switches to the form. */
  markdown?: string;
  tags: string[];
}

/** A new persona: no fact rows (an empty "name" row would be an error to save); the form offers common facts. */
export const emptyDraft = (): PersonaDraft => ({
  name: '',
  facts: [],
  goal: '',
  personality: {},
  behaviours: { interrupts: false, wrong_details_first: false, asks_for_human: false, goes_off_topic: false },
  hidden_facts: [],
  language: '',
  tags: [],
});

/** Form state of a persona; tolerant of an unfinished one (an empty name is kept empty). */
export function toDraft(input: PersonaInput): PersonaDraft {
  const p = { ...Persona.parse({ ...input, name: input.name || 'unnamed' }), name: input.name ?? '' };
  return {
    name: p.name,
    facts: Object.entries(p.identity).map(([key, value]) => ({ key, value })),
    goal: p.goal,
    personality: { ...p.personality },
    behaviours: {
      interrupts: !!p.behaviours.interrupts,
      wrong_details_first: !!p.behaviours.wrong_details_first,
      asks_for_human: !!p.behaviours.asks_for_human,
      goes_off_topic: !!p.behaviours.goes_off_topic,
    },
    hidden_facts: (p.behaviours.hidden_facts ?? []).map((h) => ({ fact: h.fact, reveal_when: h.reveal_when })),
    language: p.language ?? '',
    markdown: p.markdown,
    tags: p.tags,
  };
}

/** The persona as it will be stored. Empty rows are dropped; later duplicate keys win. */
export function toPersona(d: PersonaDraft, id?: string): Persona {
  const identity: Record<string, string> = {};
  for (const f of d.facts) if (f.key.trim() && f.value.trim()) identity[f.key.trim()] = f.value.trim();
  const personality: Persona['personality'] = {};
  for (const [k, v] of Object.entries(d.personality))
    if (v !== undefined && v !== '') (personality as Record<string, unknown>)[k] = v;
  const behaviours: Persona['behaviours'] = {};
  for (const [k, v] of Object.entries(d.behaviours)) if (v) (behaviours as Record<string, unknown>)[k] = true;
  const hidden = d.hidden_facts
    .filter((h) => h.fact.trim())
    .map((h) => ({ fact: h.fact.trim(), reveal_when: h.reveal_when.trim() || 'only when asked' }));
  if (hidden.length) behaviours.hidden_facts = hidden;
  return {
    ...(id ? { id } : {}),
    name: d.name.trim(),
    identity,
    goal: d.goal.trim(),
    personality,
    behaviours,
    ...(d.language.trim() ? { language: d.language.trim() } : {}),
    ...(d.markdown ? { markdown: d.markdown } : {}),
    tags: d.tags,
  };
}

export interface FieldError {
  path: string;
  message: string;
}

/** Problems that block saving, each naming the form field (`facts[2].key`). */
export function validateDraft(d: PersonaDraft): FieldError[] {
  const errors: FieldError[] = [];
  if (!d.name.trim())
    errors.push({ path: 'name', message: 'Give the persona a name, e.g. "Impatient caller with a late order".' });
  const seen = new Map<string, number>();
  d.facts.forEach((f, i) => {
    const key = f.key.trim();
    if (!key && f.value.trim())
      errors.push({
        path: `facts[${i}].key`,
        message: `The fact "${f.value.trim()}" needs a name (e.g. order_number).`,
      });
    if (key && !f.value.trim()) errors.push({ path: `facts[${i}].value`, message: `The fact "${key}" has no value.` });
    if (key) {
      if (seen.has(key))
        errors.push({
          path: `facts[${i}].key`,
          message: `"${key}" is listed twice (rows ${seen.get(key)! + 1} and ${i + 1}).`,
        });
      else seen.set(key, i);
    }
  });
  d.hidden_facts.forEach((h, i) => {
    if (!h.fact.trim() && h.reveal_when.trim())
      errors.push({ path: `hidden_facts[${i}].fact`, message: 'This hidden fact is empty.' });
  });
  const parsed = Persona.safeParse(toPersona(d));
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors.push({ path: formatPath(issue.path), message: issue.message });
  return errors;
}

export interface QualityWarning {
  kind: 'label_only' | 'no_goal' | 'no_name';
  message: string;
}

const wordCount = (s?: string) => (s ?? '').trim().split(/\s+/).filter(Boolean).length;

/**
 * UX rule: a label like "angry customer" alone changes little. A persona is concrete when it turns
 * on a behaviour, has hidden facts, sets patience/verbosity/cooperativeness/clarity, or has notes
 * of a sentence or more (imported markdown counts as notes).
 */
/** Nothing typed or chosen yet: a blank form gets a hint, not warnings. */
export function isBlankPersona(p: Persona): boolean {
  const b = p.behaviours ?? {};
  return (
    !p.name.trim() &&
    !p.goal.trim() &&
    !p.markdown &&
    !Object.keys(p.identity).length &&
    !Object.values(p.personality ?? {}).some((v) => v !== undefined && v !== '') &&
    !Object.values(b).some((v) => (Array.isArray(v) ? v.length : v))
  );
}

export function qualityWarnings(p: Persona): QualityWarning[] {
  const out: QualityWarning[] = [];
  if (isBlankPersona(p)) return out;
  const b = p.behaviours ?? {};
  const pe = p.personality ?? {};
  const concrete = !!(
    b.interrupts ||
    b.wrong_details_first ||
    b.asks_for_human ||
    b.goes_off_topic ||
    b.hidden_facts?.length ||
    pe.patience ||
    pe.verbosity ||
    pe.cooperativeness ||
    pe.clarity ||
    pe.pace ||
    pe.hearing ||
    pe.line_quality ||
    wordCount(pe.notes) >= 6 ||
    wordCount(p.markdown) >= 12
  );
  if (!concrete) {
    out.push({
      kind: 'label_only',
      message: pe.temperament
        ? `"${pe.temperament}" alone changes little: the caller needs concrete instructions. Turn on a behaviour, set patience, talkativeness or cooperativeness, or describe in the notes what the caller does.`
        : 'This persona has only a name: a label alone changes little. Turn on a behaviour, set patience, talkativeness or cooperativeness, or describe in the notes what the caller does.',
    });
  }
  if (!p.goal.trim() && !p.markdown)
    out.push({ kind: 'no_goal', message: 'No goal yet: the caller will not know why they are calling.' });
  if (!p.markdown && !ownNameFact(p.identity)) {
    out.push({
      kind: 'no_name',
      message: labelIsName(p.name)
        ? `No "name" fact: the caller will give “${p.name.trim()}” as their name. Add a fact called name to choose another.`
        : 'No "name" fact: the caller will make up a name if asked. Add a fact called name if the agent must hear a particular one.',
    });
  }
  return out;
}

/**
 * Converts an imported Retell-style markdown persona into form fields without losing text:
 * `key: value` and "Your X is Y." identity lines become facts, other identity lines and the
 * personality section go to the notes.
 */
export function markdownToDraft(d: PersonaDraft): PersonaDraft {
  const md = d.markdown ?? '';
  const sections = new Map<string, string[]>();
  let current = '';
  for (const line of md.split(/\r?\n/)) {
    const h = /^#{1,3}\s+(.+?)\s*$/.exec(line);
    if (h) {
      current = h[1].toLowerCase();
      sections.set(current, []);
      continue;
    }
    if (!sections.has(current)) sections.set(current, []);
    sections.get(current)!.push(line);
  }
  const facts: FactRow[] = [];
  const leftover: string[] = [];
  const identityText = (sections.get('identity') ?? []).join(' ');
  for (const raw of identityText.split(/(?<=\.)\s+|\n/)) {
    const s = raw.trim().replace(/^[-*]\s*/, '');
    if (!s) continue;
    const kv = /^([A-Za-z][\w ]{0,40}?)\s*:\s*(.+)$/.exec(s);
    const your = /^your\s+([a-z][a-z ]{0,40}?)\s+is\s+(.+?)\.?$/i.exec(s);
    const m = kv ?? your;
    if (m) facts.push({ key: m[1].trim().toLowerCase().replace(/\s+/g, '_'), value: m[2].trim().replace(/\.$/, '') });
    else leftover.push(s);
  }
  const personalityText = (sections.get('personality') ?? []).join('\n').trim();
  const goalText = (sections.get('goal') ?? []).join('\n').trim();
  const other = [...sections.entries()]
    .filter(([k]) => !['identity', 'goal', 'personality'].includes(k))
    .map(([k, v]) => [k ? `${k[0].toUpperCase()}${k.slice(1)}:` : '', v.join('\n').trim()].filter(Boolean).join(' '))
    .filter((s) => s.trim());
  const notes = [leftover.join(' '), personalityText, ...other].filter((s) => s.trim()).join('\n');
  const merged = new Map<string, string>();
  for (const f of [...d.facts, ...facts]) if (f.key.trim()) merged.set(f.key.trim(), f.value);
  return {
    ...d,
    markdown: undefined,
    facts: merged.size ? [...merged].map(([key, value]) => ({ key, value })) : d.facts,
    goal: goalText || d.goal,
    personality: { ...d.personality, notes: notes || undefined },
  };
}

/*
 * The form's edits (usePersonaForm binds them to the editor's draft): each takes the draft and
 * returns the next one, nothing is changed in place.
 */

/** The message of the error at a field path (`facts[1].key`), if any. */
export const fieldError = (errors: FieldError[], path: string): string | undefined =>
  errors.find((e) => e.path === path)?.message;

export const patchDraft = (d: PersonaDraft, patch: Partial<PersonaDraft>): PersonaDraft => ({ ...d, ...patch });

export const editFact = (d: PersonaDraft, i: number, patch: Partial<FactRow>): PersonaDraft => ({
  ...d,
  facts: d.facts.map((f, j) => (j === i ? { ...f, ...patch } : f)),
});

/** A new fact row (empty, or named `key` with no value yet). */
export const addFact = (d: PersonaDraft, key = ''): PersonaDraft => ({ ...d, facts: [...d.facts, { key, value: '' }] });

/** A fact the agent uses, added by one click: rows left entirely empty give way to it. */
export const addSuggestedFact = (d: PersonaDraft, key: string): PersonaDraft => ({
  ...d,
  facts: [...d.facts.filter((f) => f.key.trim() || f.value.trim()), { key, value: '' }],
});

export const removeFact = (d: PersonaDraft, i: number): PersonaDraft => ({
  ...d,
  facts: d.facts.filter((_, j) => j !== i),
});

/** The agent's variables not yet used as a fact name (by the trimmed name). */
export function unusedSuggestions<S extends { name: string }>(d: PersonaDraft, suggestions: S[]): S[] {
  const used = new Set(d.facts.map((f) => f.key.trim()));
  return suggestions.filter((s) => !used.has(s.name));
}

export const editPersonality = (d: PersonaDraft, patch: Partial<PersonaDraft['personality']>): PersonaDraft => ({
  ...d,
  personality: { ...d.personality, ...patch },
});

export const setBehaviour = (d: PersonaDraft, key: keyof PersonaDraft['behaviours'], on: boolean): PersonaDraft => ({
  ...d,
  behaviours: { ...d.behaviours, [key]: on },
});

export const editHiddenFact = (d: PersonaDraft, i: number, patch: Partial<HiddenFactRow>): PersonaDraft => ({
  ...d,
  hidden_facts: d.hidden_facts.map((x, j) => (j === i ? { ...x, ...patch } : x)),
});

/** A new hidden fact, said only when asked until the user writes another condition. */
export const addHiddenFact = (d: PersonaDraft): PersonaDraft => ({
  ...d,
  hidden_facts: [...d.hidden_facts, { fact: '', reveal_when: 'only when asked' }],
});

export const removeHiddenFact = (d: PersonaDraft, i: number): PersonaDraft => ({
  ...d,
  hidden_facts: d.hidden_facts.filter((_, j) => j !== i),
});
