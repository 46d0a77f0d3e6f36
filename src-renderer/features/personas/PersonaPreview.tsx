import type { Persona } from '../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import { isBlankPersona, qualityWarnings } from './persona-form.js';

/** Exactly what the simulated caller will be told, rendered live from the form. */
export function PersonaPreview({ persona }: { persona: Persona }) {
  const text = renderPersonaPrompt(persona);
  const warnings = qualityWarnings(persona);
  return (
    <aside className="card persona-preview" aria-label="What the caller is told">
      <h2>What the simulated caller is told</h2>
      <p className="muted small">
        Updated as you type. This text is the caller's whole briefing
        {persona.markdown ? ' (taken verbatim from the imported markdown)' : ''}.
      </p>
      {isBlankPersona(persona) && (
        <p className="muted small" data-testid="blank-hint">
          Start with who calls and why: a persona name and a goal, then the controls below. Checks on what is missing
          appear once you begin.
        </p>
      )}
      {warnings.map((w) => (
        <div key={w.kind} className="warn-box" role="status" data-testid={`warning-${w.kind}`}>
          <strong>
            {w.kind === 'label_only' ? 'Too vague: ' : w.kind === 'no_goal' ? 'Missing goal: ' : 'Missing name: '}
          </strong>
          {w.message}
        </div>
      ))}
      <pre data-testid="persona-preview">{renderSections(text)}</pre>
    </aside>
  );
}

/** Bold section headings inside the preview. */
function renderSections(text: string) {
  return text.split('\n').map((line, i) => (
    <span key={i} className={line.startsWith('## ') ? 'preview-heading' : undefined}>
      {line}
      {'\n'}
    </span>
  ));
}
