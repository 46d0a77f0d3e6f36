/**
 * The scripted model of the "Cover the gaps" tests (clinic-repeats graph): the router follows the
 * caller's last line; proposals come from rules on the gap named in the request; a caller whose goal
 * says GOAL cancels and confirms. `cancelDone` is the answer for the cancel -> bye gap.
 */
import type { TestSuiteInput } from '../../src-shared/schemas/index.js';

const lastLine = (text: string) => `/caller: ${text}[^\\n]*\\n\\nConditions/i`;
export const coverScript = (
  cancelDone: unknown = {
    name: 'Cal',
    goal: 'CONFIRM-GOAL: cancel and confirm',
    facts: [{ key: 'name', value: 'Cal Doe' }],
    why: 'confirms a cancellation',
  },
) => ({
  name: 'cover-gaps',
  chat: [],
  rules: [
    {
      purpose: 'generate_tests',
      when: { last: 'at greet, the agent moves to cancel' },
      reply: {
        name: 'Cora',
        goal: 'CANCEL-GOAL: cancel my visit on Friday',
        facts: [{ key: 'name', value: 'Cora Lee' }],
        why: 'reaches the cancel branch',
      },
    },
    { purpose: 'generate_tests', when: { last: 'at cancel, the agent moves to bye' }, reply: cancelDone },
    { purpose: 'caller', when: { system: 'GOAL' }, reply: 'Please cancel my visit', times: 1 },
    { purpose: 'caller', when: { system: 'GOAL' }, reply: 'Yes I confirm the cancellation', times: 1 },
    { purpose: 'caller', when: { system: 'GOAL' }, reply: { message: 'Bye', done: true } },
    { purpose: 'route', when: { last: lastLine('I want to book') }, reply: { transition: 'to_book', reason: 'book' } },
    { purpose: 'route', when: { last: lastLine('That slot works') }, reply: { transition: 'book_done', reason: 'ok' } },
    {
      purpose: 'route',
      when: { last: lastLine('Please cancel') },
      reply: { transition: 'to_cancel', reason: 'cancel' },
    },
    { purpose: 'route', when: { last: lastLine('Yes I confirm') }, reply: { transition: 'cancel_done', reason: 'ok' } },
  ],
  defaults: { chat: 'OK.', route: 'none', caller_turns: 3 },
});

/** One test that books: its run reaches greet -> book -> bye and leaves the cancel branch uncovered. */
export const bookingSuite: TestSuiteInput = {
  name: 'Clinic suite',
  tests: [{ name: 'books a visit', caller_script: ['I want to book a visit', 'That slot works'], max_turns: 3 }],
};
