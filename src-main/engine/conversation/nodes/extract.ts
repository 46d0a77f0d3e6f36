import type { ExtractVariable, NodeOf } from '../../../../src-shared/schemas/index.js';
import { GraphRuntimeError } from '../../errors.js';
import { toNumber } from '../equations.js';
import type { Runtime } from '../runtime.js';
import { renderTranscript } from '../transcript-text.js';
import { decideAt, toOutcome, type NodeHandler } from './types.js';

const EXTRACT_SYSTEM = [
  'You extract values from a phone conversation between an agent and a caller.',
  'For each variable give the value the conversation states.',
  'When it was not stated, give null (an empty string for text).',
].join(' ');

/** One bounded schema for all the node's variables. */
export function extractSchema(vars: ExtractVariable[], maxText: number): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const v of vars) {
    if (v.type === 'text') props[v.name] = { type: 'string', maxLength: maxText };
    else if (v.type === 'number') props[v.name] = { type: ['number', 'null'], minimum: -1e12, maximum: 1e12 };
    else if (v.type === 'boolean') props[v.name] = { type: ['boolean', 'null'] };
    else props[v.name] = { enum: [...(v.choices ?? []), null] };
  }
  return { type: 'object', properties: props, required: Object.keys(props), additionalProperties: false };
}

/** The value to store, or undefined when the model gave nothing usable. */
export function coerceExtracted(v: ExtractVariable, raw: unknown, maxText: number): unknown {
  if (raw === null || raw === undefined) return undefined;
  switch (v.type) {
    case 'text': {
      const s = typeof raw === 'string' ? raw : String(raw);
      return s.trim() ? s.trim().slice(0, maxText) : undefined;
    }
    case 'number':
      return toNumber(raw);
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return undefined;
    case 'enum': {
      const choices = v.choices ?? [];
      const hit = choices.find((c) => c === raw) ?? choices.find((c) => c.toLowerCase() === String(raw).toLowerCase());
      return hit;
    }
  }
}

/** ONE structured call extracts every variable; stated values are stored (unstated ones left as they were). */
export async function extractVariables(rt: Runtime, node: NodeOf<'extract'>): Promise<void> {
  if (!node.variables.length) return;
  const max = rt.limits.extractTextChars;
  const schema = extractSchema(node.variables, max);
  const list = node.variables
    .map(
      (v) =>
        `- ${v.name} (${v.type}${v.type === 'enum' ? `, one of: ${(v.choices ?? []).join(', ')}` : ''})${v.description ? `: ${rt.template(v.description)}` : ''}`,
    )
    .join('\n');
  const extra = node.instruction?.text ? `\n\n${rt.template(node.instruction.text)}` : '';
  const res = await rt.calls.structured<Record<string, unknown>>('agent', 'extract', node.id, {
    // the variables lead (the same on every visit of the node), the conversation follows: prefix-stable
    messages: [
      { role: 'system', content: `${EXTRACT_SYSTEM}\n\nVariables:\n${list}${extra}` },
      {
        role: 'user',
        content: `Conversation:\n${renderTranscript(rt.agentView(), { lastTurns: rt.limits.contextTurns, stableWindow: true, maxTurnChars: 600 })}`,
      },
    ],
    schema,
    schemaName: 'extract',
    maxTokens: rt.limits.extractMaxTokens + 24 * node.variables.length,
  });
  const value = res.value && typeof res.value === 'object' ? res.value : {};
  for (const v of node.variables) {
    const got = coerceExtracted(v, value[v.name], max);
    if (got === undefined) continue;
    try {
      rt.vars.set(v.name, got);
    } catch (e) {
      throw new GraphRuntimeError(`node ${node.id}: extracted variable ${v.name}: ${(e as Error).message}`);
    }
  }
}

/** Extract node: extraction, then routing (equations over the extracted values). No speech. */
export const extractNode: NodeHandler<'extract'> = async (rt, node, trigger) => {
  await extractVariables(rt, node);
  return toOutcome(await decideAt(rt, node, trigger));
};
