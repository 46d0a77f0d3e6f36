/**
 * Persona generation from an agent graph: ONE structured model call reads what the agent does (its
 * prompts, node instructions, tools, the variables it asks for) and proposes distinct test callers,
 * each with the reason it is worth testing. Nothing is stored: the app shows them for review and
 * saves the ones the user keeps.
 */
import { Persona, type AgentGraph } from '../../src-shared/schemas/index.js';
import type { ChatModel } from '../providers/types.js';

export const MAX_GENERATED = 8;
const TEMPERAMENTS = ['calm', 'friendly', 'anxious', 'irritated', 'angry'] as const;
const LEVELS = ['low', 'medium', 'high'] as const;
const CLARITY = ['clear', 'vague', 'rambling'] as const;
const BEHAVIOURS = ['interrupts', 'wrong_details_first', 'asks_for_human', 'goes_off_topic'] as const;

export interface GeneratedPersona {
  persona: Persona;
  /** What this caller tests in the agent (shown in the review, not stored). */
  why: string;
}

/** A persona's facts as structured output: at most 5 key/value pairs (grammar-safe bounds). */
export const FACTS_SCHEMA = {
  type: 'array',
  maxItems: 5,
  items: {
    type: 'object',
    properties: { key: { type: 'string', maxLength: 24 }, value: { type: 'string', maxLength: 60 } },
    required: ['key', 'value'],
    additionalProperties: false,
  },
};

/** The answer's JSON Schema: every string bounded and every choice an enum (grammar-safe on local models). */
export function generationSchema(count: number): Record<string, unknown> {
  const text = (n: number) => ({ type: 'string', maxLength: n });
  return {
    type: 'object',
    properties: {
      personas: {
        type: 'array',
        minItems: 1,
        maxItems: count,
        items: {
          type: 'object',
          properties: {
            name: text(40),
            facts: FACTS_SCHEMA,
            goal: text(240),
            temperament: { enum: [...TEMPERAMENTS] },
            patience: { enum: [...LEVELS] },
            verbosity: { enum: [...LEVELS] },
            cooperativeness: { enum: [...LEVELS] },
            clarity: { enum: [...CLARITY] },
            ...Object.fromEntries(BEHAVIOURS.map((b) => [b, { type: 'boolean' }])),
            why: text(160),
          },
          required: [
            'name',
            'facts',
            'goal',
            'temperament',
            'patience',
            'verbosity',
            'cooperativeness',
            'clarity',
            ...BEHAVIOURS,
            'why',
          ],
          additionalProperties: false,
        },
      },
    },
    required: ['personas'],
    additionalProperties: false,
  };
}

const clip = (s: string | undefined, n: number) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : (s ?? ''));

/** What the model reads about the agent: purpose, steps, tools and the details it collects. */
export function describeAgent(g: AgentGraph): string {
  const lines: string[] = [`Agent: ${g.name || 'unnamed'}`];
  if (g.global_prompt) lines.push(`Overall instructions: ${clip(g.global_prompt, 1200)}`);
  const steps = g.nodes.flatMap((n) => {
    const label = n.name || n.id;
    if ((n.type === 'conversation' || n.type === 'press_digit') && n.instruction.text)
      return [`- ${label}: ${clip(n.instruction.text, 240)}`];
    if (n.type === 'extract')
      return [
        `- ${label}: collects ${n.variables.map((v) => `${v.name}${v.description ? ` (${clip(v.description, 60)})` : ''}`).join(', ')}`,
      ];
    if (n.type === 'function') return [`- ${label}: calls tool ${n.tool}`];
    if (n.type === 'transfer') return [`- ${label}: transfers the call`];
    if (n.type === 'end') return [`- ${label}: ends the call`];
    return [];
  });
  if (steps.length) lines.push('Steps:', ...steps.slice(0, 40));
  if (g.tools.length)
    lines.push(
      `Tools: ${g.tools.map((t) => `${t.name}${t.description ? ` (${clip(t.description, 80)})` : ''}`).join('; ')}`,
    );
  const known = Object.keys(g.default_variables);
  if (known.length) lines.push(`Call variables: ${known.join(', ')}`);
  return lines.join('\n');
}

const SYSTEM =
  'You design test callers for a phone agent. Each caller must be different and test a different path or weakness of ' +
  'the agent: the main happy path, missing or wrong details, a caller who asks for a human, goes off topic, is impatient or ' +
  'confused. Facts are the details the caller knows and the agent will ask for (order numbers, names, dates). The goal says what ' +
  'the caller wants from this agent in one or two sentences. "why" says in one sentence what this caller tests.';

const pick = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;

/** Proposes up to `count` personas for the agent with one structured call. */
export async function generatePersonas(
  graph: AgentGraph,
  model: ChatModel,
  opts: { count?: number; signal?: AbortSignal } = {},
): Promise<GeneratedPersona[]> {
  const count = Math.min(MAX_GENERATED, Math.max(1, opts.count ?? 4));
  const session = await model.openSession({ label: 'persona-generation' });
  try {
    const res = await session.structured<{ personas?: Record<string, unknown>[] }>({
      purpose: 'generate_personas',
      schemaName: 'generate_personas',
      schema: generationSchema(count),
      maxTokens: 220 * count,
      temperature: 0.7,
      signal: opts.signal,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `${describeAgent(graph)}\n\nWrite ${count} test caller${count === 1 ? '' : 's'}.` },
      ],
    });
    const seen = new Set<string>();
    return (res.value?.personas ?? []).slice(0, count).flatMap((p, i) => {
      let name = String(p.name ?? '').trim() || `Generated caller ${i + 1}`;
      while (seen.has(name.toLowerCase())) name = `${name} ${i + 1}`;
      seen.add(name.toLowerCase());
      const facts = Array.isArray(p.facts) ? (p.facts as { key?: unknown; value?: unknown }[]) : [];
      const persona = Persona.parse({
        name,
        identity: Object.fromEntries(
          facts.filter((f) => String(f.key ?? '').trim()).map((f) => [String(f.key).trim(), String(f.value ?? '')]),
        ),
        goal: String(p.goal ?? ''),
        personality: {
          temperament: pick(p.temperament, TEMPERAMENTS),
          patience: pick(p.patience, LEVELS),
          verbosity: pick(p.verbosity, LEVELS),
          cooperativeness: pick(p.cooperativeness, LEVELS),
          clarity: pick(p.clarity, CLARITY),
        },
        behaviours: Object.fromEntries(BEHAVIOURS.filter((b) => p[b] === true).map((b) => [b, true])),
        tags: ['generated'],
      });
      return [{ persona, why: String(p.why ?? '') }];
    });
  } finally {
    await session.dispose();
  }
}
