import type { Persona, TestCase, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import type { ChatMessage } from '../../providers/types.js';
import type { EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { JsonStringFieldStream } from '../model-io/json-field-stream.js';

/**
 * The simulated caller. It reads the persona (Identity / Goal / Personality markdown), the
 * variables it should know and the transcript (agent lines as user messages, its own as assistant
 * messages), and answers each turn with ONE structured call `{message, done}`. A test's
 * `caller_script` replaces the model with fixed lines (done when they run out, or with the
 * last line when `caller_script_ends_call`). On a press_digit
 * node it answers with one key instead.
 */

export interface CallerTurn {
  message: string;
  done: boolean;
}

export const DIGIT_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '#'] as const;

const DEFAULT_PROMPT =
  '## Identity\nYou are a caller.\n\n## Goal\nAsk a simple question, listen to the answer, and end the call politely.';

/** The caller's instructions for a test: an inline persona, a library persona, `user_prompt`, or a default. */
export function callerPrompt(test: TestCase, resolvePersona?: (id: string) => Persona | undefined): string {
  if (test.persona && typeof test.persona === 'object') return renderPersonaPrompt(test.persona);
  if (typeof test.persona === 'string') {
    const p = resolvePersona?.(test.persona);
    if (!p) throw new Error(`test "${test.name}": persona "${test.persona}" not found in the persona library`);
    return renderPersonaPrompt(p);
  }
  if (test.user_prompt?.trim()) return test.user_prompt.trim();
  return DEFAULT_PROMPT;
}

function knownFacts(vars: Record<string, unknown>): string {
  const entries = Object.entries(vars);
  if (!entries.length) return '';
  const text = entries.map(([k, v]) => `- ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n');
  return `\n\n## What you know\n${text.slice(0, 2000)}`;
}

export function callerSystemPrompt(persona: string, vars: Record<string, unknown>): string {
  return (
    [
      'You are role-playing a caller on a phone call with an automated agent. Stay in character and speak only as the caller,',
      'one short turn at a time (one to three sentences). Set "done" to true when your goal is reached, when the agent ends the',
      'call, or when you want to hang up; your message may then be a short goodbye or empty.',
      '',
      persona,
    ].join('\n') + knownFacts(vars)
  );
}

/**
 * The caller's messages: its system prompt, then the transcript from its side (agent lines are "user",
 * its own are "assistant"). Prefix-stable: each turn only adds at the end. `ownAnswer` gives, for a line
 * the caller said, the answer exactly as the model wrote it (its `{"message", "done"}` JSON): sent back as
 * written, a server's prompt cache (and the in-process KV cache) still holds those tokens, so the caller's
 * own lines are not read again on its next turn. Exported so a bench can send a peer tool's simulated user
 * the same prompt (bench/peers).
 */
export function callerMessages(
  system: string,
  transcript: Pick<TranscriptTurn, 'role' | 'content' | 'perturbation'>[],
  ownAnswer?: (line: string) => string | undefined,
): ChatMessage[] {
  const msgs: ChatMessage[] = [{ role: 'system', content: system }];
  const spoken = transcript.filter((t) => t.role !== 'tool');
  if (!spoken.length || spoken[0].role === 'caller')
    msgs.push({ role: 'user', content: '(The call connects. You speak first.)' });
  for (const t of spoken) {
    const role = t.role === 'agent' ? 'user' : 'assistant';
    // a turn the caller was silent on (issue 27) is its own silence, said as such
    const content =
      role === 'assistant' && !t.content && t.perturbation?.silence_ms !== undefined ? '(you said nothing)' : t.content;
    const prev = msgs[msgs.length - 1];
    if (prev.role === role && role === 'assistant') msgs.push({ role: 'user', content: '(silence)' });
    if (prev.role === role && role === 'user') {
      prev.content += `\n${content}`;
      continue;
    }
    msgs.push({ role, content: (role === 'assistant' && ownAnswer?.(content)) || content });
  }
  return msgs;
}

/** The model's answer as written when it is a JSON `{"message"}` whose message, as kept, is `line`; else undefined. */
export function answerForLine(raw: string, line: string, maxChars: number): string | undefined {
  try {
    const v = JSON.parse(raw) as { message?: unknown };
    return typeof v?.message === 'string' && v.message.trim().slice(0, maxChars) === line ? raw : undefined;
  } catch {
    return undefined;
  }
}

export class SimulatedCaller {
  private scriptAt = 0;
  private readonly system: string;
  /** The caller's lines and the model's answers they came from, as written (see callerMessages). */
  private readonly answers = new Map<string, string>();

  constructor(
    persona: string,
    knownVariables: Record<string, unknown>,
    private readonly calls: ModelCalls,
    private readonly limits: EngineLimits,
    private readonly script?: string[],
    /** The last scripted line is said while hanging up (TestCase.caller_script_ends_call). */
    private readonly scriptEndsCall = false,
    /** This caller's own sampling seed (a red-team attempt's attacker seed), over the caller model's. */
    private readonly seed?: number,
  ) {
    this.system = callerSystemPrompt(persona, knownVariables);
  }

  private messages(transcript: TranscriptTurn[]): ChatMessage[] {
    return callerMessages(this.system, transcript, (line) => this.answers.get(line));
  }

  private nextScripted(): string | undefined {
    if (!this.script || this.scriptAt >= this.script.length) return undefined;
    return this.script[this.scriptAt++];
  }

  get scripted(): boolean {
    return this.script !== undefined;
  }

  /** The caller's next turn; `onText` receives the message as the model writes it (where the provider streams). */
  async speak(transcript: TranscriptTurn[], node: string, onText?: (text: string) => void): Promise<CallerTurn> {
    if (this.script) {
      const line = this.nextScripted();
      if (line === undefined) return { message: '', done: true };
      return { message: line, done: this.scriptEndsCall && this.scriptAt === this.script.length };
    }
    const field = onText ? new JsonStringFieldStream('message') : undefined;
    let streamed = 0;
    const res = await this.calls.structured<{ message?: unknown; done?: unknown }>('caller', 'caller', node, {
      ...(field && onText
        ? {
            onToken: (chunk: string) => {
              // only as much as will be kept (the message is cut to callerMessageChars)
              const text = field.push(chunk).slice(0, Math.max(0, this.limits.callerMessageChars - streamed));
              streamed += text.length;
              if (text) onText(text);
            },
          }
        : {}),
      messages: this.messages(transcript),
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string', maxLength: this.limits.callerMessageChars },
          done: { type: 'boolean' },
        },
        required: ['message', 'done'],
        additionalProperties: false,
      },
      schemaName: 'caller_turn',
      maxTokens: this.limits.callerMaxTokens,
      ...(this.seed !== undefined ? { seed: this.seed } : {}),
    });
    const v = res.value ?? {};
    const message = typeof v.message === 'string' ? v.message.trim().slice(0, this.limits.callerMessageChars) : '';
    const asWritten = message ? answerForLine(res.raw, message, this.limits.callerMessageChars) : undefined;
    if (asWritten) this.answers.set(message, asWritten);
    return { message, done: v.done === true };
  }

  /** On a press_digit node: one key (or done). Scripted lines give the first key character they hold. */
  async pressDigit(transcript: TranscriptTurn[], node: string): Promise<CallerTurn> {
    if (this.script) {
      const line = this.nextScripted();
      if (line === undefined) return { message: '', done: true };
      const key = [...line].find((c) => (DIGIT_KEYS as readonly string[]).includes(c));
      return { message: key ?? line.trim().slice(0, 1), done: false };
    }
    const res = await this.calls.structured<{ digit?: unknown }>('caller', 'digit', node, {
      messages: [
        ...this.messages(transcript),
        { role: 'user', content: '(The agent is waiting for you to press one key on the phone keypad.)' },
      ],
      schema: {
        type: 'object',
        properties: { digit: { type: 'string', enum: [...DIGIT_KEYS] } },
        required: ['digit'],
        additionalProperties: false,
      },
      schemaName: 'keypad',
      maxTokens: 16,
      ...(this.seed !== undefined ? { seed: this.seed } : {}),
    });
    const d = String(res.value?.digit ?? '');
    return { message: (DIGIT_KEYS as readonly string[]).includes(d) ? d : '0', done: false };
  }
}
