import { useState } from 'react';
import { Link } from 'wouter';
import { Persona, type TestCaseInput } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import type { VariableSuggestion } from '../personas/agent-facts.js';
import { toDraft, toPersona, type PersonaDraft } from '../personas/persona-form.js';
import { PersonaForm } from '../personas/PersonaForm.js';
import { PersonaPreview } from '../personas/PersonaPreview.js';
import { Section } from '../../ui/widgets.js';

type Mode = 'library' | 'inline' | 'prompt' | 'script';

export function callerMode(t: TestCaseInput): Mode {
  if (typeof t.persona === 'string') return 'library';
  if (t.persona) return 'inline';
  if (t.caller_script?.length) return 'script';
  return 'prompt';
}

const MODES: { value: Mode; label: string; hint: string }[] = [
  {
    value: 'library',
    label: 'A persona from the library',
    hint: 'Reused across suites; edit it once on the Personas page.',
  },
  {
    value: 'inline',
    label: 'A persona just for this test',
    hint: 'Built with the same form, stored inside this test.',
  },
  {
    value: 'prompt',
    label: 'Written instructions',
    hint: 'Free text telling the simulated caller who they are and what to do (voicetest / Retell style).',
  },
  {
    value: 'script',
    label: 'Fixed caller lines',
    hint: 'The caller says exactly these lines in order: fully deterministic, no caller model.',
  },
];

/** Who calls in this test: a library persona, an inline persona, raw instructions, or fixed lines. */
export function CallerSection({
  test,
  onChange,
  suggestions,
  errorAt,
  base,
}: {
  test: TestCaseInput;
  onChange: (patch: Partial<TestCaseInput>) => void;
  suggestions: VariableSuggestion[];
  errorAt: (p: string) => string | undefined;
  base: string;
}) {
  const mode = callerMode(test);
  const personas = useApi('personas.list');
  const switchTo = (m: Mode) => {
    const clear = {
      persona: undefined,
      user_prompt: undefined,
      caller_script: undefined,
      caller_script_ends_call: undefined,
    };
    if (m === 'library') onChange({ ...clear, persona: personas.data?.[0]?.id ?? '' });
    if (m === 'inline') {
      const fromLib =
        typeof test.persona === 'string' ? personas.data?.find((p) => p.id === test.persona)?.data : undefined;
      onChange({
        ...clear,
        persona: fromLib
          ? { ...fromLib, id: undefined, name: fromLib.name }
          : { name: test.name || 'Caller', identity: { name: '' } },
      });
    }
    if (m === 'prompt') onChange({ ...clear, user_prompt: test.user_prompt ?? '' });
    if (m === 'script')
      onChange({ ...clear, caller_script: test.caller_script?.length ? test.caller_script : ['Hello.'] });
  };
  const libPersona = typeof test.persona === 'string' ? personas.data?.find((p) => p.id === test.persona) : undefined;
  const err = errorAt(`${base}.user_prompt`) ?? errorAt(`${base}.persona`);

  return (
    <Section title="Caller" testId="caller-section" description="Who the simulated caller is and what they want.">
      <div className="caller-modes" role="radiogroup" aria-label="Caller kind">
        {MODES.map((m) => (
          <label key={m.value} className={`caller-mode ${mode === m.value ? 'on' : ''}`}>
            <input type="radio" name={`${base}-caller`} checked={mode === m.value} onChange={() => switchTo(m.value)} />
            <span>
              <strong>{m.label}</strong>
              <span className="muted small">{m.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {err && <div className="field-error">{err}</div>}

      {mode === 'library' && (
        <>
          {personas.data?.length === 0 && (
            <p className="muted">
              The library is empty. <Link href="/personas">Create a persona</Link> or switch to a persona just for this
              test.
            </p>
          )}
          <label className="inline-label">
            Persona
            <select
              aria-label="Persona from library"
              value={typeof test.persona === 'string' ? test.persona : ''}
              onChange={(e) => onChange({ persona: e.target.value })}
            >
              <option value="">Choose…</option>
              {typeof test.persona === 'string' && test.persona && !libPersona && personas.data && (
                <option value={test.persona}>{test.persona} (not in the library)</option>
              )}
              {personas.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {libPersona && (
              <Link href={`/personas/${libPersona.id}`} className="small">
                Edit this persona
              </Link>
            )}
          </label>
          {libPersona && <PersonaPreview persona={libPersona.data} />}
        </>
      )}

      {mode === 'inline' && test.persona && typeof test.persona === 'object' && (
        <InlinePersona
          key={base}
          persona={test.persona}
          suggestions={suggestions}
          onChange={(p) => onChange({ persona: p })}
        />
      )}

      {mode === 'prompt' && (
        <label>
          Instructions for the simulated caller
          <textarea
            aria-label="Caller instructions"
            rows={5}
            value={test.user_prompt ?? ''}
            className={err ? 'invalid' : ''}
            placeholder="Say your name is John Smith and your date of birth is January 15, 1985. You want to book a checkup next week."
            onChange={(e) => onChange({ user_prompt: e.target.value })}
          />
        </label>
      )}

      {mode === 'script' && (
        <label>
          Caller lines, one per turn
          <textarea
            aria-label="Caller lines"
            rows={5}
            value={(test.caller_script ?? []).join('\n')}
            onChange={(e) => onChange({ caller_script: e.target.value.split('\n') })}
            onBlur={(e) => onChange({ caller_script: e.target.value.split('\n').filter((l) => l.trim()) })}
          />
        </label>
      )}
      {mode === 'script' && (
        <label className="check-label">
          <span>
            <input
              type="checkbox"
              checked={test.caller_script_ends_call === true}
              onChange={(e) => onChange({ caller_script_ends_call: e.target.checked || undefined })}
            />{' '}
            Hang up with the last line
          </span>
          <span className="muted small">The caller says it and ends the call: the agent does not answer it.</span>
        </label>
      )}
    </Section>
  );
}

function InlinePersona({
  persona,
  suggestions,
  onChange,
}: {
  persona: TestCaseInput['persona'] & object;
  suggestions: VariableSuggestion[];
  onChange: (p: Persona) => void;
}) {
  const [draft, setDraft] = useState<PersonaDraft>(() => toDraft(persona));
  const update = (d: PersonaDraft) => {
    setDraft(d);
    onChange(toPersona(d));
  };
  return (
    <div className="inline-persona">
      <PersonaForm draft={draft} onChange={update} suggestions={suggestions} />
      <PersonaPreview persona={toPersona(draft)} />
    </div>
  );
}
