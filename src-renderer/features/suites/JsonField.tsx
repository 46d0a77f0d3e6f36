import { createContext, useContext, useId } from 'react';
import { parseJsonText } from './suite-form.js';

/**
 * JSON text fields of the suite editor. The text the user typed is kept per field path (so an
 * unfinished edit is not reformatted or lost while typing); a field whose text does not parse
 * keeps its error here, and the editor refuses to save until it is fixed.
 */
export interface JsonText {
  text: string;
  error: string | null;
}

export interface JsonTexts {
  get(path: string): JsonText | undefined;
  set(path: string, value: JsonText | undefined): void;
}

export const JsonTextsContext = createContext<JsonTexts>({ get: () => undefined, set: () => {} });

const pretty = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

export interface JsonFieldProps {
  /** Field path in the suite (`tests[0].dynamic_variables`): where its error is reported. */
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Extra validation of a parsed value; returns errors as messages (with their own sub-path). */
  check?: (value: unknown) => string | null;
  placeholder?: string;
  rows?: number;
  hint?: string;
}

export function JsonField({ path, label, value, onChange, check, placeholder, rows = 3, hint }: JsonFieldProps) {
  const texts = useContext(JsonTextsContext);
  const id = useId();
  const stored = texts.get(path);
  const text = stored?.text ?? pretty(value);
  const error = stored?.error ?? null;
  const onText = (t: string) => {
    const parsed = parseJsonText(t);
    if (!parsed.ok) return texts.set(path, { text: t, error: parsed.error });
    const problem = check?.(parsed.value) ?? null;
    texts.set(path, { text: t, error: problem });
    if (!problem) onChange(parsed.value);
  };
  return (
    <label className="json-field">
      <span>{label}</span>
      <textarea
        aria-label={label}
        aria-describedby={error ? `${id}-err` : undefined}
        aria-invalid={!!error}
        className={`mono ${error ? 'invalid' : ''}`}
        rows={Math.min(14, Math.max(rows, text.split('\n').length))}
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => onText(e.target.value)}
      />
      {error ? (
        <span className="field-error" id={`${id}-err`} role="alert">
          <code>{path}</code>: {error}
        </span>
      ) : hint ? (
        <span className="muted small">{hint}</span>
      ) : null}
    </label>
  );
}

export const objectCheck = (v: unknown): string | null =>
  v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))
    ? null
    : 'expected a JSON object like {"key": "value"}';
