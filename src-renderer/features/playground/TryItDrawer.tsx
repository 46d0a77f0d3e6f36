import { useEffect, useId } from 'react';
import { TryItPanel, type TryItPanelProps } from './TryItPanel.js';
import './playground.css';

/** The Try-it panel in a right-hand drawer (the persona editor). Escape or Close ends the conversation. */
export function TryItDrawer({
  title = 'Try it',
  onClose,
  ...panel
}: TryItPanelProps & { title?: string; onClose(): void }) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className="tp-drawer-backdrop" onMouseDown={onClose} aria-hidden="true" />
      <div className="tp-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="try-drawer">
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
