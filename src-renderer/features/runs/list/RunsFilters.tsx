import { useEffect, useState } from 'react';
import { RUN_STATUSES } from '../../../../src-shared/schemas/run.js';
import { hasFilters, type RunFilters } from './run-filters.js';

/** Model filter input: typed freely, applied to the address (and the query) after a short pause. */
function ModelFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <input
      type="search"
      aria-label="Model"
      placeholder="any model"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

/** The runs list's filters (agent, model, status, dates), kept in the address. */
export function RunsFilters({
  filters,
  agents,
  onSet,
  onClear,
}: {
  filters: RunFilters;
  agents: { id: string; name: string }[] | undefined;
  onSet(k: keyof RunFilters, v: string): void;
  onClear(): void;
}) {
  return (
    <div className="filters" role="search" aria-label="Filter runs">
      <label>
        Agent
        <select aria-label="Agent" value={filters.agent} onChange={(e) => onSet('agent', e.target.value)}>
          <option value="">All agents</option>
          {agents?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Model <ModelFilter value={filters.model} onChange={(v) => onSet('model', v)} />
      </label>
      <label>
        Status
        <select aria-label="Status" value={filters.status} onChange={(e) => onSet('status', e.target.value)}>
          <option value="">Any status</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        From{' '}
        <input
          type="date"
          aria-label="From date"
          value={filters.from}
          onChange={(e) => onSet('from', e.target.value)}
        />
      </label>
      <label>
        To <input type="date" aria-label="To date" value={filters.to} onChange={(e) => onSet('to', e.target.value)} />
      </label>
      {hasFilters(filters) && (
        <button className="ghost" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
