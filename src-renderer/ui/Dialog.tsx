import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A modal dialog (role="dialog", aria-modal). Escape or a click on the backdrop calls `onClose`;
 * focus moves into the dialog when it opens. Put the buttons in `actions`.
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
  testId,
}: {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  onClose(): void;
  testId?: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input, textarea, select, button');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      prev?.focus?.();
    };
  }, [onClose]);
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} data-testid={testId}>
        <h2 id={titleId}>{title}</h2>
        {children && <div className="dialog-body">{children}</div>}
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}
