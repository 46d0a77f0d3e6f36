import { useId, useRef } from 'react';
import { useModalFocus } from '../../ui/use-modal-focus.js';
import { TryItPanel, type TryItPanelProps } from './TryItPanel.js';
import './playground.css';

/** The Try-it panel in a right-hand drawer (the persona editor), modal like a Dialog. Escape or Close ends the conversation. */
export function TryItDrawer({
  title = 'Try it',
  onClose,
  ...panel
}: TryItPanelProps & { title?: string; onClose(): void }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Same keyboard contract as every Dialog: focus inside, Tab trapped, Escape closes, focus restored.
  useModalFocus(ref, onClose);
  return (
    <>
      <div className="tp-drawer-backdrop" onMouseDown={onClose} aria-hidden="true" />
      <div
        className="tp-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="try-drawer"
        ref={ref}
        tabIndex={-1}
      >
        <div className="tp-drawer__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="small" onClick={onClose}>
            Close
          </button>
        </div>
        <TryItPanel {...panel} />
      </div>
    </>
  );
}
