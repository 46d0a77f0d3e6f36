import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './use-modal-focus.js';
import './dialog.css';

/**
 * The one modal dialog of the app: role="dialog", aria-modal, labelled by its title (and described by
 * `description` when given). Focus moves in when it opens, Tab stays inside, Escape or a click on the
 * backdrop calls `onClose`, and focus returns where it was when it closes (see use-modal-focus.ts).
 * With `onSubmit` the dialog is a <form>, so Enter in a field submits it. Buttons go in `actions`.
 */
export function Dialog({
  title,
  description,
  children,
  actions,
  onClose,
  onSubmit,
  size = 'normal',
  dismissable = true,
  testId,
  className,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  onClose(): void;
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** normal 520 px, wide 820 px, large 900 px (forms with many fields). */
  size?: 'normal' | 'wide' | 'large';
  /** false while something is in flight: the backdrop and Escape do nothing. */
  dismissable?: boolean;
  testId?: string;
  className?: string;
}) {
  const titleId = useId();
  const descId = useId();
  const ref = useRef<HTMLElement>(null);
  useModalFocus(ref, () => {
    if (dismissable) onClose();
  });
  const props = {
    className: ['dialog', `dialog--${size}`, className].filter(Boolean).join(' '),
    role: 'dialog',
    'aria-modal': true,
    'aria-labelledby': titleId,
    ...(description ? { 'aria-describedby': descId } : {}),
    tabIndex: -1,
    'data-testid': testId,
  } as const;
  const inner = (
    <>
      <h2 id={titleId}>{title}</h2>
      {description && (
        <p className="muted small dialog-description" id={descId}>
          {description}
        </p>
      )}
      {children && <div className="dialog-body">{children}</div>}
      {actions && <div className="dialog-actions">{actions}</div>}
    </>
  );
  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissable) onClose();
      }}
    >
      {onSubmit ? (
        <form {...props} ref={ref as RefObject<HTMLFormElement>} onSubmit={onSubmit}>
          {inner}
        </form>
      ) : (
        <div {...props} ref={ref as RefObject<HTMLDivElement>}>
          {inner}
        </div>
      )}
    </div>,
    document.body,
  );
}
