/** How a fix's edit is named (one key per text, and in words), the same in the CLI and the app. */
import type { FixEdit } from '../schemas/fix.js';

const q = JSON.stringify;

/** One key per text an edit changes: two edits with the same key change the same text. */
export function editKey(e: Pick<FixEdit, 'kind' | 'node_id' | 'transition_id' | 'target' | 'snippet'>): string {
  switch (e.kind) {
    case 'agent_prompt':
      return 'agent_prompt';
    case 'node_instruction':
      return `node:${e.node_id ?? ''}`;
    case 'transition_condition':
      return `transition:${e.node_id ?? ''}:${e.transition_id ?? ''}`;
    case 'new_transition':
      return `new_transition:${e.node_id ?? ''}:${e.target ?? ''}`;
    case 'snippet':
      return `snippet:${e.snippet ?? ''}`;
  }
}

/** What an edit changes, in words: `the instruction of node "refund"`. */
export function editLabel(e: Pick<FixEdit, 'kind' | 'node_id' | 'transition_id' | 'target' | 'snippet'>): string {
  switch (e.kind) {
    case 'agent_prompt':
      return 'the global prompt';
    case 'node_instruction':
      return `the instruction of node ${q(e.node_id ?? '')}`;
    case 'transition_condition':
      return `the condition of transition ${q(e.transition_id ?? '')} of node ${q(e.node_id ?? '')}`;
    case 'new_transition':
      return `a new transition ${q(e.node_id ?? '')} -> ${q(e.target ?? '')}`;
    case 'snippet':
      return `snippet ${q(e.snippet ?? '')}`;
  }
}
