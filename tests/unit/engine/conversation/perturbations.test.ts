/**
 * Callers that behave like phone callers (issue 27), exact on the scripted model and without speech (the
 * barge-in timeline is then the nominal 14 characters a second): where the agent is cut, what its next
 * context holds, the silences counted, the re-prompts said, the call ended for no answer, a silence edge.
 */
import { describe, expect, it } from 'vitest';
import type { TestCaseInput } from '../../../../src-shared/schemas/index.js';
import { TestCase } from '../../../../src-shared/schemas/index.js';
import { callerBehaviour, callerSetup } from '../../../../src-main/engine/run/caller-behaviour.js';
import { renderTranscript } from '../../../../src-main/engine/conversation/transcript-text.js';
import { scriptedModel } from '../../../../src-main/providers/scripted.js';
import { converse, edge, spy, staticNode } from '../helpers.js';

const GREETING = 'Hello, this is Maple Street Clinic. How can I help you today?';

const graph = (extra: Record<string, unknown> = {}) => ({
  entry_node_id: 'greeting',
  first_speaker: 'agent' as const,
  nodes: [
    staticNode('greeting', GREETING, [edge('t1', 'help', { kind: 'always' })]),
    { id: 'help', type: 'conversation', instruction: { mode: 'prompt', text: 'Help the caller.' }, transitions: [] },
  ] as never,
  ...extra,
});

/** One conversation of `test` with its caller behaviour (seed 0), the agent model spied on. */
async function withBehaviour(test: Partial<TestCaseInput>, g = graph(), agentScript = { chat: ['How can I help?'] }) {
  const parsed = TestCase.parse({ name: 't', ...test });
  const behaviour = callerBehaviour(callerSetup(parsed, 0, 0), undefined, { owner: 'call-1' });
  const agent = spy(scriptedModel(agentScript));
  const out = await converse({ graph: g, test, models: { agent: agent.model }, extra: { behaviour } });
  return { ...out, seen: agent.seen };
}

describe('barge-in: the caller starts talking while the agent speaks', () => {
  it('after 4 words: the agent turn keeps its first 4 words, the rest is recorded, the next context holds only those', async () => {
    const out = await withBehaviour({
      caller_script: ['I need an appointment', 'bye'],
      caller_script_ends_call: true,
      perturbations: { barge_in: { turns: [1], after_words: 4 } },
    });
    const first = out.transcript[0];
    // 61 characters at 14 a second = 4357 ms; "Hello, this is Maple" ends at 21 of 62 shares: 1476 ms
    expect(first).toMatchObject({
      role: 'agent',
      content: 'Hello, this is Maple',
      perturbation: {
        interrupted: {
          at_ms: 1476,
          words_said: 4,
          words_total: 12,
          unsaid: 'Street Clinic. How can I help you today?',
        },
      },
    });
    expect(out.transcript[1]).toMatchObject({
      role: 'caller',
      content: 'I need an appointment',
      perturbation: { barge_in: true },
    });
    // the agent's next call: its own earlier line is only what it said before the caller cut in
    const chat = out.seen.find((c) => c.purpose === 'chat')!;
    expect(chat.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Hello, this is Maple']);
    expect(chat.messages.some((m) => m.content.includes('Street Clinic'))).toBe(false);
    // the judge reads where the turn was cut
    expect(renderTranscript(out.transcript).split('\n')[0]).toBe(
      'agent: Hello, this is Maple [cut off: the caller started talking]',
    );
  });

  it('after 1,500 ms of speech: the words that ended by then (4 at the nominal pace)', async () => {
    const out = await withBehaviour({
      caller_script: ['hi', 'bye'],
      caller_script_ends_call: true,
      perturbations: { barge_in: { turns: [1], after_ms: 1500 } },
    });
    expect(out.transcript[0].content).toBe('Hello, this is Maple');
    expect(out.transcript[0].perturbation?.interrupted).toMatchObject({ at_ms: 1500, words_said: 4 });
    // turn 2 is not in `turns`: the agent's second line is whole
    expect(out.transcript[2]).toMatchObject({ role: 'agent', content: 'How can I help?' });
    expect(out.transcript[2].perturbation).toBeUndefined();
  });

  it('a caller who comes in after the agent finished cuts nothing', async () => {
    const out = await withBehaviour({
      caller_script: ['hi'],
      caller_script_ends_call: true,
      perturbations: { barge_in: { turns: [1], after_ms: 60_000 } },
    });
    expect(out.transcript[0].content).toBe(GREETING);
    expect(out.transcript[1].perturbation).toBeUndefined();
  });
});

describe('silence: the caller says nothing; the agent re-prompts, then ends the call', () => {
  const noAnswer = {
    after_ms: 5000,
    reprompt: { mode: 'static', text: 'Are you still there?' },
    max_reprompts: 2,
    end_message: 'Goodbye.',
  };

  it('three silences of 8 s: two re-prompts, then the call ends for no answer', async () => {
    const out = await withBehaviour(
      {
        caller_script: ['never said'],
        perturbations: { silence: { turns: [1, 2, 3], seconds: 8 } },
      },
      graph({ no_answer: noAnswer }),
    );
    expect(out.endReason).toBe('no_answer');
    expect(out.turns).toBe(3);
    expect(out.transcript.map((t) => [t.role, t.content, t.perturbation ?? null])).toEqual([
      ['agent', GREETING, null],
      ['caller', '', { silence_ms: 8000 }],
      ['agent', 'Are you still there?', { reprompt: true }],
      ['caller', '', { silence_ms: 8000 }],
      ['agent', 'Are you still there?', { reprompt: true }],
      ['caller', '', { silence_ms: 8000 }],
      ['agent', 'Goodbye.', null],
    ]);
    expect(renderTranscript(out.transcript).split('\n')[1]).toBe('caller: (silent for 8 s)');
    // no model was asked anything: the re-prompts are static, the silences are the caller's
    expect(out.seen).toEqual([]);
  });

  it('a silence shorter than the agent waits is a pause: the caller then answers', async () => {
    const out = await withBehaviour(
      {
        caller_script: ['I need an appointment', 'bye'],
        caller_script_ends_call: true,
        perturbations: { silence: { turns: [1], seconds: 3 } },
      },
      graph({ no_answer: noAnswer }),
    );
    expect(out.transcript[1]).toMatchObject({
      role: 'caller',
      content: 'I need an appointment',
      perturbation: { silence_ms: 3000 },
    });
    expect(out.transcript.filter((t) => t.perturbation?.reprompt)).toEqual([]);
  });

  it('the graph\'s defaults: 10 s wait, one "Are you still there?", then the call ends', async () => {
    const out = await withBehaviour({ perturbations: { silence: { seconds: 12 } } });
    expect(out.endReason).toBe('no_answer');
    expect(out.transcript.map((t) => t.content)).toEqual([GREETING, '', 'Are you still there?', '']);
  });

  it('a silence condition: an equation edge on `silences` is taken, and the caller speaking resets it', async () => {
    const g = {
      entry_node_id: 'greeting',
      first_speaker: 'agent' as const,
      nodes: [
        staticNode('greeting', GREETING, [
          edge('silent', 'nudge', { kind: 'equation', equations: [{ left: 'silences', operator: '>=', right: '1' }] }),
          edge('talk', 'help', { kind: 'prompt', prompt: 'The caller asked for something' }),
        ]),
        staticNode('nudge', 'I can book or cancel appointments. Which would you like?', [
          edge('talk2', 'help', { kind: 'equation', equations: [{ left: 'silences', operator: '==', right: '0' }] }),
        ]),
        staticNode('help', 'Sure.'),
      ] as never,
    };
    const out = await withBehaviour(
      {
        caller_script: ['book please', 'bye'],
        caller_script_ends_call: true,
        perturbations: { silence: { turns: [1], seconds: 15 } },
      },
      g,
      { chat: [] },
    );
    expect(out.path).toEqual(['greeting', 'nudge', 'help']);
    expect(out.visits[1]).toMatchObject({ node: 'nudge', via: 'silent', reason: 'caller silent' });
    expect(out.transcript.map((t) => t.content)).toEqual([
      GREETING,
      '',
      'I can book or cancel appointments. Which would you like?',
      'book please',
      'Sure.',
      'bye',
    ]);
  });
});

describe('seeded: the same seed does the same again', () => {
  const silentTurns = async (seed: number) => {
    const out = await withBehaviour(
      {
        caller_script: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
        perturbations: { seed, silence: { probability: 0.5, seconds: 2 } },
      },
      graph(),
      { chat: [] },
    );
    return out.transcript.filter((t) => t.role === 'caller').map((t) => t.perturbation?.silence_ms !== undefined);
  };

  it('a chance per turn, drawn from (seed, kind, turn): same seed same turns, another seed other turns', async () => {
    const a = await silentTurns(1);
    expect(await silentTurns(1)).toEqual(a);
    expect(await silentTurns(2)).not.toEqual(a);
    expect(a).toHaveLength(8);
    expect(a.some(Boolean) && !a.every(Boolean)).toBe(true);
  });
});
