import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  undo(): void;
  redo(): void;
  save(): void;
  deleteSelection(): void;
  duplicate(): void;
  fit(): void;
  clearSelection(): void;
}

const isTyping = (t: EventTarget | null) => {
  const el = t as HTMLElement | null;
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
};

/**
 * Editor keys: Ctrl/Cmd+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save (everywhere, also in text
 * fields); Delete/Backspace, Ctrl+D, F and Escape only when not typing in a field.
 */
export function useEditorShortcuts(handlers: ShortcutHandlers, enabled = true) {
  const h = useRef(handlers);
  h.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[aria-modal="true"]')) return;
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && k === 's') {
        e.preventDefault();
        h.current.save();
        return;
      }
      if (mod && k === 'z' && !e.shiftKey) {
        e.preventDefault();
        h.current.undo();
        return;
      }
      if (mod && ((k === 'z' && e.shiftKey) || k === 'y')) {
        e.preventDefault();
        h.current.redo();
        return;
      }
      if (isTyping(e.target)) return;
      if (mod && k === 'd') {
        e.preventDefault();
        h.current.duplicate();
        return;
      }
      if (!mod && !e.altKey && (e.key === 'Delete' || e.key === 'Backspace')) {
        e.preventDefault();
        h.current.deleteSelection();
        return;
      }
      if (!mod && !e.altKey && k === 'f') {
        e.preventDefault();
        h.current.fit();
        return;
      }
      if (e.key === 'Escape') h.current.clearSelection();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
