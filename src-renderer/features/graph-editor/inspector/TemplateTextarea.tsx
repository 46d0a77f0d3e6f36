import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import {
  applyCompletion,
  availableVariables,
  completionAt,
  filterSuggestions,
  type CompletionContext,
} from '../model/template-vars.js';

interface Props {
  value: string;
  onChange(v: string): void;
  graph: AgentGraph;
  label: string;
  rows?: number;
  placeholder?: string;
  testId?: string;
}

/** A textarea that offers `{{variable}}` and `{%snippet%}` completions while typing. */
export function TemplateTextarea({ value, onChange, graph, label, rows = 5, placeholder, testId }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [ctx, setCtx] = useState<CompletionContext | null>(null);
  const [active, setActive] = useState(0);
  const options = useMemo(() => {
    if (!ctx) return [];
    const all =
      ctx.kind === 'variable'
        ? availableVariables(graph)
        : Object.keys(graph.snippets).map((name) => ({ name, source: graph.snippets[name]!.slice(0, 60) }));
    return filterSuggestions(all, ctx.prefix);
  }, [ctx, graph]);

  const refresh = (text: string, caret: number) => {
    setCtx(completionAt(text, caret));
    setActive(0);
  };
  // The caret after a completion is placed as soon as the new text is in the DOM (before the next
  // key is handled): placing it on a later frame could move it back over keys typed in between.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const caret = pendingCaret.current;
    if (!el || caret === null) return;
    pendingCaret.current = null;
    el.focus();
    el.setSelectionRange(caret, caret);
  }, [value]);
  const choose = (name: string) => {
    const el = ref.current;
    if (!el || !ctx) return;
    const r = applyCompletion(value, ctx, el.selectionStart, name);
    setCtx(null);
    if (r.text === value) {
      el.setSelectionRange(r.caret, r.caret);
      return;
    }
    pendingCaret.current = r.caret;
    onChange(r.text);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!ctx || !options.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a - 1 + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(options[active]!.name);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setCtx(null);
    }
  };
  const open = !!ctx && options.length > 0;
  return (
    <div className="ge-template">
      <textarea
        ref={ref}
        value={value}
        rows={rows}
        placeholder={placeholder}
        aria-label={label}
        data-testid={testId}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        onChange={(e) => {
          onChange(e.target.value);
          refresh(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={onKey}
        onKeyUp={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') refresh(value, e.currentTarget.selectionStart);
        }}
        onBlur={() => setTimeout(() => setCtx(null), 150)}
      />
      {open && (
        <ul
          className="ge-suggest"
          id={listId}
          role="listbox"
          aria-label={ctx.kind === 'variable' ? 'Variables' : 'Snippets'}
        >
          {options.map((o, i) => (
            <li
              key={o.name}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o.name);
              }}
            >
              <code>{ctx.kind === 'variable' ? `{{${o.name}}}` : `{%${o.name}%}`}</code>{' '}
              <span className="muted small">{o.source}</span>
            </li>
          ))}
        </ul>
      )}
      {!ctx && (
        <div className="muted small ge-hint">
          Type <code>{'{{'}</code> for a variable or <code>{'{%'}</code> for a snippet.
        </div>
      )}
    </div>
  );
}
