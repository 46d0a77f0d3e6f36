import type { ReactNode } from 'react';

/**
 * The footer of a dialog that does one thing: Cancel, and the primary action that is disabled while
 * the input has a problem or the work is under way (when it says what it is doing).
 */
export function DialogActions({
  onCancel,
  onConfirm,
  pending,
  disabled,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  /** A problem with the input: the action cannot run yet. */
  disabled?: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
}) {
  return (
    <>
      <button type="button" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="button" className="primary" onClick={onConfirm} disabled={!!disabled || pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}
