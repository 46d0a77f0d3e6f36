import type { EndReason } from '../schemas/run.js';

/** Why a conversation ended, in words (the app and the CLI print these, never the stored code). */
export const END_REASON_TEXT: Record<EndReason, string> = {
  caller_done: 'the caller hung up',
  max_turns: 'the turn limit was reached',
  end_node: 'the agent ended the call',
  transfer: 'the agent transferred the call',
  context_full: 'the model’s context was full',
  no_answer: 'the caller said nothing and the agent ended the call',
  error: 'an error stopped it',
  cancelled: 'it was stopped',
  imported: 'imported call (as recorded)',
  checkpoint: 'checkpoint: one agent step taken',
};

/** An end reason in words; an unknown code is shown as it is, with underscores as spaces. */
export function endReasonText(reason: string | null | undefined): string {
  if (!reason) return '—';
  return (END_REASON_TEXT as Record<string, string>)[reason] ?? reason.replace(/_/g, ' ');
}

/** "ended: the agent ended the call -> the turn limit was reached" (a change between two runs). */
export function endReasonChange(a: string | null | undefined, b: string | null | undefined, arrow = '->'): string {
  return `ended: ${endReasonText(a)} ${arrow} ${endReasonText(b)}`;
}
