/**
 * Try it: chat live with an agent while a persona's simulated caller speaks, or type as the caller.
 *
 * TryItPanel — props (see TryItPanelProps in TryItPanel.tsx):
 *   agentId / chooseAgent   the agent (fixed, or a first choice the user can change)
 *   graph?                  try this (unsaved) graph instead of the latest saved version
 *   persona?                the caller persona (absent: simulated mode offers the persona library)
 *   defaultMode?            'simulated' (the persona speaks) | 'manual' (I am the caller)
 *   onLiveNode?(node)       the node the conversation is on, as it moves (highlight it on a canvas)
 *   onPickMove?(move)       a decision-log move was clicked ({from, to, via, kind}): select its edge
 *   onPickNode?(node)       a node badge was clicked
 * TryItDrawer — the same panel in a right-hand drawer, with `title` and `onClose`.
 *
 * Example:
 *   <TryItPanel agentId={id} graph={draftGraph} onLiveNode={setLive} onPickMove={(m) => focusEdge(m.from, m.via)} />
 */
export { TryItPanel, type TryItPanelProps } from './TryItPanel.js';
export { TryItDrawer } from './TryItDrawer.js';
