import type { Utterance } from '../../../../../src-shared/schemas/index.js';
import type { useNodeEdit } from '../../state/use-edit.js';

/** Applies an edit to the node being inspected (one undo step per `key`). */
export type Edit = ReturnType<typeof useNodeEdit>;
/** Optional utterances disappear when emptied in prompt mode, so exports do not carry empty fields. */
export const optional = (u: Utterance): Utterance | undefined => (u.text || u.mode === 'static' ? u : undefined);
export const EMPTY_U: Utterance = { mode: 'prompt', text: '' };
