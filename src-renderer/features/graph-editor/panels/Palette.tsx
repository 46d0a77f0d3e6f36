import { NODE_TYPES, type NodeType } from '../../../../src-shared/schemas/index.js';
import { NodeIcon } from '../canvas/NodeIcon.js';
import { PALETTE_MIME } from '../canvas/EditorCanvas.js';
import { NODE_TYPE_LABELS } from '../model/graph-ops.js';

const HELP: Record<NodeType, string> = {
  conversation: 'The agent speaks and listens',
  logic: 'Routes by variables, says nothing',
  extract: 'Pulls typed values from what the caller said',
  function: 'Calls a tool',
  transfer: 'Hands the call to a number or agent',
  end: 'Ends the call',
  press_digit: 'Presses a key on a phone menu',
};

/** Node types to add: click adds at the centre of the view, or drag onto the canvas. */
export function Palette({ onAdd }: { onAdd(type: NodeType): void }) {
  return (
    <aside className="ge-palette" aria-label="Add a node">
      <div className="ge-palette__title">Add</div>
      {NODE_TYPES.map((t) => (
        <button
          key={t}
          type="button"
          className="ge-palette__item"
          title={`${HELP[t]} — click to add, or drag onto the canvas`}
          style={{ ['--type-color' as string]: `var(--node-${t})` }}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, t);
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(t)}
          aria-label={`Add ${NODE_TYPE_LABELS[t]} node`}
        >
          <NodeIcon type={t} size={16} />
          <span>{NODE_TYPE_LABELS[t]}</span>
        </button>
      ))}
      <div className="ge-palette__keys muted small" aria-label="Keyboard shortcuts">
        <div>
          <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo
        </div>
        <div>
          <kbd>Ctrl</kbd>+<kbd>Y</kbd> redo
        </div>
        <div>
          <kbd>Del</kbd> delete
        </div>
        <div>
          <kbd>Ctrl</kbd>+<kbd>D</kbd> duplicate
        </div>
        <div>
          <kbd>Ctrl</kbd>+<kbd>S</kbd> save
        </div>
        <div>
          <kbd>F</kbd> fit view
        </div>
      </div>
    </aside>
  );
}
