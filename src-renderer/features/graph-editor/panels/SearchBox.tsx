import { useState } from 'react';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { displayName } from '../model/labels.js';

/** Finds nodes by name, id or prompt text; Enter or a click centres the canvas on a match. */
export function SearchBox({
  graph,
  query,
  onQuery,
  results,
  onPick,
}: {
  graph: AgentGraph;
  query: string;
  onQuery(q: string): void;
  results: string[];
  onPick(id: string): void;
}) {
  const [active, setActive] = useState(0);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const shown = results.slice(0, 8);
  return (
    <div className="ge-search">
      <input
        type="search"
        value={query}
        placeholder="Search nodes…"
        aria-label="Search nodes"
        onChange={(e) => {
          onQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, shown.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && shown[active]) {
            e.preventDefault();
            onPick(shown[active]!);
          } else if (e.key === 'Escape') onQuery('');
        }}
      />
      {query && (
        <ul className="ge-search__results" role="listbox" aria-label="Matching nodes">
          {shown.length === 0 && <li className="muted small">No node matches “{query}”.</li>}
          {shown.map((id, i) => (
            <li
              key={id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                onPick(id);
              }}
            >
              {displayName(byId.get(id)!)} <span className="muted small">{byId.get(id)!.type}</span>
            </li>
          ))}
          {results.length > shown.length && <li className="muted small">+{results.length - shown.length} more</li>}
        </ul>
      )}
    </div>
  );
}
