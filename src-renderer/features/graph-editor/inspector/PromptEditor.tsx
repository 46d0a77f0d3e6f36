import type { AgentGraph, Utterance } from '../../../../src-shared/schemas/index.js';
import { TemplateTextarea } from './TemplateTextarea.js';

/** An utterance: a prompt the agent's LLM follows, or static text spoken as written (after templating). */
export function PromptEditor({
  value,
  onChange,
  graph,
  label,
  testId,
}: {
  value: Utterance;
  onChange(u: Utterance): void;
  graph: AgentGraph;
  label: string;
  testId?: string;
}) {
  return (
    <fieldset className="ge-fieldset">
      <legend>{label}</legend>
      <div className="ge-seg" role="radiogroup" aria-label={`${label}: how it is used`}>
        <button
          type="button"
          role="radio"
          aria-checked={value.mode === 'prompt'}
          className={value.mode === 'prompt' ? 'is-on' : ''}
          onClick={() => onChange({ ...value, mode: 'prompt' })}
          title="An instruction the agent's model follows"
        >
          Prompt
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={value.mode === 'static'}
          className={value.mode === 'static' ? 'is-on' : ''}
          onClick={() => onChange({ ...value, mode: 'static' })}
          title="Spoken exactly as written"
        >
          Say exactly
        </button>
      </div>
      <TemplateTextarea
        value={value.text}
        onChange={(text) => onChange({ ...value, text })}
        graph={graph}
        label={label}
        testId={testId}
        placeholder={value.mode === 'prompt' ? 'What should the agent do here?' : 'The exact words the agent says'}
      />
    </fieldset>
  );
}
