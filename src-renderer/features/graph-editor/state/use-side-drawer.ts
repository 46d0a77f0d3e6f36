import { useRef, useState } from 'react';
import { useMediaQuery } from '../../../ui/use-media-query.js';
import type { PanelTab } from '../RightPanel.js';

/** Window widths at which the side panels collapse (palette to icons, inspector to a drawer). */
const NARROW = '(max-width: 1199px)';

/**
 * The editor's side panel: which tab is shown and, below 1200 px, whether the drawer over the canvas
 * is open. Opening it from the toolbar moves the focus to its current tab; closing gives it back.
 */
export function useSideDrawer() {
  const narrow = useMediaQuery(NARROW);
  const [tab, setTab] = useState<PanelTab>('inspect');
  const [sideOpen, setSideOpen] = useState(false);
  const sideToggle = useRef<HTMLButtonElement>(null);
  const side = useRef<HTMLElement>(null);
  const toggleSide = () => {
    if (sideOpen) return setSideOpen(false);
    setSideOpen(true);
    requestAnimationFrame(() =>
      side.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    );
  };
  const closeSide = () => {
    setSideOpen(false);
    sideToggle.current?.focus();
  };
  const showTab = (t: PanelTab) => {
    setTab(t);
    setSideOpen(true);
  };
  return { narrow, tab, setTab, sideOpen, setSideOpen, sideToggle, side, toggleSide, closeSide, showTab };
}

export type SideDrawer = ReturnType<typeof useSideDrawer>;
