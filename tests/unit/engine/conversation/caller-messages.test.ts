import { describe, expect, it } from 'vitest';
import { answerForLine, callerMessages } from '../../../../src-main/engine/conversation/caller.js';

const transcript = [
  { role: 'caller' as const, content: 'Hi, I was charged twice.' },
  { role: 'agent' as const, content: 'Let me check that.' },
  { role: 'caller' as const, content: 'Thanks.' },
];

describe("the caller's own lines go back as the model wrote them", () => {
  it('uses the answer as written for the lines it has, the plain line otherwise', () => {
    const written = '{"message": " Hi, I was charged twice. ", "done": false}';
    const msgs = callerMessages('SYSTEM', transcript, (line) => (line === transcript[0].content ? written : undefined));
    expect(msgs).toEqual([
      { role: 'system', content: 'SYSTEM' },
      { role: 'user', content: '(The call connects. You speak first.)' },
      { role: 'assistant', content: written },
      { role: 'user', content: 'Let me check that.' },
      { role: 'assistant', content: 'Thanks.' },
    ]);
    // without answers: the plain transcript, as before
    expect(callerMessages('SYSTEM', transcript)[2]).toEqual({ role: 'assistant', content: transcript[0].content });
  });

  it('answerForLine keeps an answer only when it is JSON whose message, as kept, is the line', () => {
    expect(answerForLine('{"message":"  Hello there ","done":false}', 'Hello there', 400)).toBe(
      '{"message":"  Hello there ","done":false}',
    );
    expect(answerForLine('{"message":"Hello there, long","done":false}', 'Hello', 5)).toBe(
      '{"message":"Hello there, long","done":false}',
    );
    expect(answerForLine('{"message":"Something else"}', 'Hello there', 400)).toBeUndefined();
    expect(answerForLine('```json\n{"message":"Hello there"}\n```', 'Hello there', 400)).toBeUndefined();
    expect(answerForLine('{"done":true}', '', 400)).toBeUndefined();
  });
});
