import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keyboard behaviour of a modal surface (dialog or drawer): focus moves in when it opens (the first
 * `[data-autofocus]`, else the first field, else the first button), Tab and Shift+Tab cycle inside it,
 * focus that escapes (a click on the page behind, a script) is brought back, Escape calls `onClose`,
 * and focus returns to the element that had it before when the surface closes. Stacked surfaces
 * (a confirm over a dialog) work: only the topmost one handles keys.
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Open modal surfaces, innermost last. */
const stack: HTMLElement[] = [];

/** The elements a keyboard user can reach inside `root`, in tab order (visible ones only). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
  );
}

function initialFocus(root: HTMLElement): HTMLElement {
  return (
    root.querySelector<HTMLElement>('[data-autofocus]') ??
    focusableIn(root).find((el) => el.matches('input, textarea, select')) ??
    focusableIn(root)[0] ??
    root
  );
}

export function useModalFocus(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  // The latest onClose, so a parent passing an inline function does not re-run the effect (which
  // would move focus back to the first field on every render).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(root);
    if (!root.contains(document.activeElement)) initialFocus(root).focus({ preventScroll: true });

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== root) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusableIn(root);
      if (!items.length) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (stack[stack.length - 1] !== root) return;
      if (e.target instanceof Node && !root.contains(e.target)) initialFocus(root).focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(root), 1);
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [ref]);
}
