import type { LatencyBudget } from '../../../src-shared/schemas/latency-budget.js';

const FIELDS: [keyof LatencyBudget, string][] = [
  ['p95_response_ms', 'p95 response'],
  ['p50_response_ms', 'p50 response'],
  ['p95_first_token_ms', 'p95 first token'],
];

/**
 * The suite's latency budget (docs/latency.md): a run over it fails the run-level check "latency budget".
 * Other keys of the budget (full reply, routing) are kept as the suite file has them.
 */
export function LatencyBudgetFields({
  value,
  onChange,
  errorAt,
}: {
  value: LatencyBudget | undefined;
  onChange: (next: LatencyBudget | undefined) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const set = (key: keyof LatencyBudget, raw: string) => {
    const next: LatencyBudget = { ...value, [key]: raw === '' ? undefined : Number(raw) };
    for (const k of Object.keys(next) as (keyof LatencyBudget)[]) if (next[k] === undefined) delete next[k];
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <fieldset className="latency-budget-fields" aria-label="Latency budget">
      <legend>
        Latency budget <span className="muted small">ms; a run over it fails the check “latency budget”</span>
      </legend>
      {FIELDS.map(([key, label]) => (
        <label key={key}>
          {label}
          <input
            type="number"
            min={1}
            step={50}
            aria-label={`Latency budget: ${label} (ms)`}
            placeholder="no budget"
            value={value?.[key] ?? ''}
            onChange={(e) => set(key, e.target.value)}
          />
          {errorAt(`latency.${key}`) && <span className="field-error">{errorAt(`latency.${key}`)}</span>}
        </label>
      ))}
    </fieldset>
  );
}
