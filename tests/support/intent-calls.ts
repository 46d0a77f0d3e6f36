import { generatePiiCalls, type PiiCallSet } from './pii-calls.js';

/** What the callers of the generated calls wanted: three intents, ten calls each (issue 36). */
export const INTENTS = ['book', 'cancel', 'billing'] as const;
export type Intent = (typeof INTENTS)[number];

const ASK: Record<Intent, string[]> = {
  book: [
    "I'd like to book a cleaning for next Tuesday.",
    'can I schedule a checkup, I have not been in for a year?',
    'I need to make a new appointment for a filling.',
    'do you have an opening for a cleaning and checkup this week?',
  ],
  cancel: [
    'I need to cancel my appointment on Friday, something came up.',
    'please cancel the visit I booked, I cannot make it.',
    'I want to cancel tomorrow and maybe reschedule later.',
    'can you cancel my cleaning? I am travelling that week.',
  ],
  billing: [
    'I have a question about my bill, I think I was charged twice.',
    'why was my insurance claim denied? The invoice says I owe money.',
    "I'd like to dispute a charge on my statement from last month.",
    'my bill shows a charge for an x-ray I never had, can you refund it?',
  ],
};

const FOLLOW_UP: Record<Intent, string[]> = {
  book: ['Tuesday afternoon works for the cleaning.', 'A morning slot for the checkup would be great.'],
  cancel: ['Yes, please cancel it, I will call to reschedule.', 'Cancel it, and no new date for now.'],
  billing: ['The double charge is on my card statement, please refund it.', 'Can you send me an itemised bill?'],
};

export interface IntentCallSet extends PiiCallSet {
  /** The intent of each call file, by index. */
  intents: Intent[];
}

/**
 * `n` generated calls (default 30) with planted personal data (pii-calls.ts), whose callers want one of three
 * things: call i wants INTENTS[i % 3], said in one of four ways, with a follow-up in that intent's words.
 */
export function generateIntentCalls(n = 30): IntentCallSet {
  const set = generatePiiCalls(n);
  const intents = set.files.map((_, i) => INTENTS[i % 3]);
  const files = set.files.map((f, i) => {
    const call = JSON.parse(f.text) as { transcript_with_tool_calls: { role: string; content?: string }[] };
    const intent = intents[i];
    const turns = call.transcript_with_tool_calls;
    turns[1].content = turns[1].content!.replace(
      "I'd like to book a cleaning for next Tuesday.",
      ASK[intent][Math.floor(i / 3) % 4],
    );
    const at = turns.findIndex((t) => t.role === 'agent' && t.content?.startsWith("You're booked"));
    turns.splice(at, 0, { role: 'user', content: FOLLOW_UP[intent][Math.floor(i / 3) % 2] });
    return { name: f.name.replace('pii-call', `${intent}-call`), text: JSON.stringify(call) };
  });
  return { ...set, files, intents };
}
