import { useEffect, useRef, useState } from 'react';
import { stableJson } from '../model/edge-key.js';

/** Line and column of a JSON.parse failure, when the engine reports a position. */
export function jsonErrorText(text: string, err: unknown): string {
  const msg = (err as Error).message;
  const m = /position (\d+)/.exec(msg);
  if (!m) return msg;
  const pos = Number(m[1]);
  const before = text.slice(0, pos).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}: ${msg.replace(/\s*\(line \d+ column \d+\)/, '')}`;
}

/**
 * A JSON text field that only commits valid JSON (of the expected shape); while the text is invalid the
 * last good value stays in the graph and the problem is shown under the field.
 */
export function JsonEditor<T>({
  value,
  onChange,
  label,
  check,
  rows = 6,
  testId,
}: {
  value: T;
  onChange(v: T): void;
  label: string;
  rows?: number;
  testId?: string;
  /** Returns a message when the parsed value has the wrong shape. */
  check?(v: unknown): string | null;
}) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  const committed = useRef(stableJson(value));
  useEffect(() => {
    const s = stableJson(value);
    if (s !== committed.current) {
      committed.current = s;
      setText(JSON.stringify(value, null, 2));
      setError(null);
    }
  }, [value]);
  return (
    <label>
      {label}
      <textarea
        className="ge-mono"
        rows={rows}
        value={text}
        aria-label={label}
        data-testid={testId}
        spellCheck={false}
        aria-invalid={!!error}
        onChange={(e) => {
          setText(e.target.value);
          let parsed: unknown;
          try {
            parsed = JSON.parse(e.target.value);
          } catch (err) {
            setError(jsonErrorText(e.target.value, err));
            return;
          }
          const bad = check?.(parsed) ?? null;
          if (bad) {
            setError(bad);
            return;
          }
          setError(null);
          committed.current = stableJson(parsed);
          onChange(parsed as T);
        }}
      />
      {error && (
        <span className="error small" role="alert">
          Not saved: {error}
        </span>
      )}
    </label>
  );
}

export const isObject = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? null : 'must be a JSON object { … }';
