/**
 * Proposal: ONE structured call turns the diagnoses of the failing tests into edits of the graph
 * (a node's instruction, the global prompt, a transition's prompt condition, a new transition, a
 * snippet), each with the complete new text and a rationale, plus a summary and the model's
 * confidence. The model reads the raw texts (with their `{%snippet%}` references) of the nodes the
 * failing calls went through and the earlier attempts on the same version with how they did.
 * Edits that do not fit the graph are dropped with the reason; originals come from the graph.
 */
import {
  FIX_EDIT_KINDS,
  type AgentGraph,
  type Diagnosis,
  type FixEdit,
  type FixEditKind,
  type Proposal,
  type Result,
} from '../../src-shared/schemas/index.js';
import type { ChatModel } from '../providers/types.js';
import { usageCost } from './diagnose.js';
import { editLabel, resolveEdits } from './edits.js';
import { clip, conditionText, nodeText, snippetRefs } from './graph-text.js';

export const MAX_PROPOSED_EDITS = 3;
export const RATIONALE_CHARS = 240;
export const SUMMARY_CHARS = 240;
/** Bounds of one proposed text: room to rewrite the longest text shown, within what a grammar can carry. */
export const MIN_PROPOSED_CHARS = 400;
export const MAX_PROPOSED_CHARS = 2500;

/** An earlier attempt on the same version: what it changed and how the failing tests did. */
export interface Attempt {
  edits: FixEdit[];
  /** "refund policy: 0 of 3 passed; judge: the agent never gave the number of days" */
  outcome: string;
}

export interface ProposeInput {
  graph: AgentGraph;
  diagnoses: Diagnosis[];
  /** The failing conversations the diagnoses read (their paths pick the texts shown). */
  results: Result[];
  attempts: Attempt[];
  maxTokens?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

const SYSTEM = [
  "You fix a conversational agent's graph so that its failing tests pass without changing what already works.",
  'Propose the fewest, smallest edits that remove the diagnosed fault. Kinds of edit:',
  "node_instruction (node_id: the node's instruction); agent_prompt (the global prompt);",
  'transition_condition (node_id and transition_id: a prompt condition);',
  'new_transition (node_id: the node it leaves from, target: the node it leads to, proposed: its condition in words);',
  'snippet (snippet: a {%snippet%} text).',
  "`proposed` is the complete new text replacing the old one: keep the old text's {%snippet%} references, {{variables}}",
  'and everything that is not at fault. Give each edit a one-sentence rationale, then a one-sentence summary and your',
  'confidence from 0 to 1 that the failing tests will pass. Do not repeat an earlier attempt that did not work.',
].join(' ');

/** Nodes whose texts the model sees: the failing paths, and the nodes the diagnoses name. */
export function nodesInPlay(g: AgentGraph, diagnoses: Diagnosis[], results: Result[]): string[] {
  const ids: string[] = [];
  const add = (id: string | null | undefined) => {
    if (id && !ids.includes(id) && g.nodes.some((n) => n.id === id)) ids.push(id);
  };
  for (const d of diagnoses) for (const f of d.faults) add(f.node_id);
  for (const r of results) for (const v of r.nodes_visited) add(v.node);
  return ids;
}

/** The raw texts a proposal may change, as the model reads them. */
export function editableText(g: AgentGraph, nodeIds: string[]): string {
  const lines = [`Global prompt: ${JSON.stringify(clip(g.global_prompt, MAX_PROPOSED_CHARS))}`];
  const refs = new Set(snippetRefs(g.global_prompt));
  for (const id of nodeIds) {
    const n = g.nodes.find((x) => x.id === id)!;
    const text = nodeText(n);
    lines.push(
      `Node ${JSON.stringify(n.id)} (${n.type})${text !== undefined ? ` instruction: ${JSON.stringify(clip(text, MAX_PROPOSED_CHARS))}` : ''}`,
    );
    if (text) snippetRefs(text).forEach((s) => refs.add(s));
    for (const t of n.transitions)
      lines.push(
        `  transition ${JSON.stringify(t.id)} -> ${JSON.stringify(t.target)} (${t.condition.kind}): ${JSON.stringify(clip(conditionText(t.condition), 400))}`,
      );
  }
  for (const s of refs)
    if (Object.prototype.hasOwnProperty.call(g.snippets, s))
      lines.push(`Snippet ${JSON.stringify(s)}: ${JSON.stringify(clip(g.snippets[s], MAX_PROPOSED_CHARS))}`);
  lines.push(`Every node id: ${g.nodes.map((n) => JSON.stringify(n.id)).join(', ')}`);
  return lines.join('\n');
}

/** The bound of one proposed text: one and a half times the longest text shown, within limits. */
export function proposedChars(g: AgentGraph, nodeIds: string[]): number {
  const texts = [
    g.global_prompt,
    ...Object.values(g.snippets),
    ...nodeIds.map((id) => nodeText(g.nodes.find((n) => n.id === id)!) ?? ''),
  ];
  const longest = Math.max(0, ...texts.map((t) => t.length));
  return Math.min(MAX_PROPOSED_CHARS, Math.max(MIN_PROPOSED_CHARS, Math.ceil(longest * 1.5) + 200));
}

/** The kinds of edit this graph has a place for (no snippet edits without snippets…), so a model cannot pick one that cannot apply. */
export function editKinds(g: AgentGraph): FixEditKind[] {
  return FIX_EDIT_KINDS.filter((k) => {
    if (k === 'snippet') return Object.keys(g.snippets).length > 0;
    if (k === 'transition_condition')
      return g.nodes.some((n) => n.transitions.some((t) => t.condition.kind === 'prompt'));
    if (k === 'node_instruction') return g.nodes.some((n) => nodeText(n) !== undefined || n.type === 'extract');
    return true;
  });
}

export function proposalSchema(g: AgentGraph, textChars: number): Record<string, unknown> {
  const nodeIds = [...new Set(g.nodes.map((n) => n.id))];
  const transitionIds = [...new Set(g.nodes.flatMap((n) => n.transitions.map((t) => t.id)))];
  return {
    type: 'object',
    properties: {
      edits: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_PROPOSED_EDITS,
        items: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: editKinds(g) },
            node_id: { type: 'string', enum: [...nodeIds, ''] },
            transition_id: { type: 'string', enum: [...transitionIds, ''] },
            target: { type: 'string', enum: [...nodeIds, ''] },
            snippet: { type: 'string', enum: [...Object.keys(g.snippets), ''] },
            proposed: { type: 'string', minLength: 1, maxLength: textChars },
            rationale: { type: 'string', maxLength: RATIONALE_CHARS },
          },
          required: ['kind', 'node_id', 'transition_id', 'target', 'snippet', 'proposed', 'rationale'],
          additionalProperties: false,
        },
      },
      summary: { type: 'string', maxLength: SUMMARY_CHARS },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
    },
    required: ['edits', 'summary', 'confidence'],
    additionalProperties: false,
  };
}

function diagnosisLines(diagnoses: Diagnosis[]): string[] {
  return diagnoses.map(
    (d) =>
      `Test ${d.subject.tests.map((t) => JSON.stringify(t)).join(', ')}: ${d.root_cause || '(no root cause given)'}${d.faults
        .map(
          (f) =>
            `\n  fault ${f.location}${f.node_id ? ` at node ${JSON.stringify(f.node_id)}` : ''}${f.transition_id ? ` transition ${JSON.stringify(f.transition_id)}` : ''}${f.quote ? `: ${JSON.stringify(clip(f.quote, 200))}` : ''}${f.explanation ? ` (${clip(f.explanation, 200)})` : ''}`,
        )
        .join('')}`,
  );
}

export function proposalPrompt(input: ProposeInput, nodeIds: string[]): string {
  const parts = [
    'Diagnosis of the failing tests:',
    ...diagnosisLines(input.diagnoses),
    '',
    'The texts you may change:',
    editableText(input.graph, nodeIds),
  ];
  if (input.attempts.length)
    parts.push(
      '',
      'Earlier attempts on this version that did not work:',
      ...input.attempts.map(
        (a, i) =>
          `Attempt ${i + 1}: ${a.edits.map((e) => `${editLabel(e)} -> ${JSON.stringify(clip(e.proposed, 300))}`).join('; ')}. Result: ${clip(a.outcome, 400)}`,
      ),
    );
  parts.push('', 'Propose the edits.');
  return parts.join('\n');
}

interface RawEdit {
  kind?: unknown;
  node_id?: unknown;
  transition_id?: unknown;
  target?: unknown;
  snippet?: unknown;
  proposed?: unknown;
  rationale?: unknown;
}

const opt = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The model's edits as FixEdits: kinds checked, empty ids left out, texts clipped to their bounds. */
export function editsOf(raw: RawEdit[], textChars: number): { edits: FixEdit[]; dropped: string[] } {
  const edits: FixEdit[] = [];
  const dropped: string[] = [];
  raw.slice(0, MAX_PROPOSED_EDITS).forEach((r, i) => {
    if (!FIX_EDIT_KINDS.includes(r.kind as FixEditKind)) return void dropped.push(`edit ${i + 1}: unknown kind`);
    edits.push({
      kind: r.kind as FixEditKind,
      node_id: opt(r.node_id),
      transition_id: opt(r.transition_id),
      target: opt(r.target),
      snippet: opt(r.snippet),
      original: '',
      proposed: clip(typeof r.proposed === 'string' ? r.proposed : '', textChars),
      rationale: clip(typeof r.rationale === 'string' ? r.rationale.trim() : '', RATIONALE_CHARS),
    });
  });
  return { edits, dropped };
}

/** One structured call: edits that should make the diagnosed failures pass. `label`: PROVIDER:MODEL. */
export async function proposeFix(model: ChatModel, label: string, input: ProposeInput): Promise<Proposal> {
  const nodeIds = nodesInPlay(input.graph, input.diagnoses, input.results);
  const textChars = proposedChars(input.graph, nodeIds);
  const session = await model.openSession({ label: 'propose' });
  try {
    const res = await session.structured<{ edits?: RawEdit[]; summary?: unknown; confidence?: unknown }>({
      purpose: 'propose',
      schemaName: 'fix_proposal',
      schema: proposalSchema(input.graph, textChars),
      maxTokens: input.maxTokens ?? 2000,
      temperature: 0,
      signal: input.signal,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: proposalPrompt(input, nodeIds) },
      ],
    });
    const raw = editsOf(Array.isArray(res.value?.edits) ? res.value.edits : [], textChars);
    const resolved = resolveEdits(input.graph, raw.edits);
    const dropped = [
      ...raw.dropped,
      ...resolved.problems.map((p) => `edit ${Number(/^edits\[(\d+)\]/.exec(p.path)?.[1] ?? 0) + 1}: ${p.message}`),
    ];
    const edits = resolved.edits.filter((e) => {
      if (e.proposed !== e.original) return true;
      dropped.push(`${editLabel(e)}: the proposed text is the same as the current one`);
      return false;
    });
    const confidence = typeof res.value?.confidence === 'number' ? Math.min(1, Math.max(0, res.value.confidence)) : 0;
    return {
      edits,
      summary: clip(typeof res.value?.summary === 'string' ? res.value.summary.trim() : '', SUMMARY_CHARS),
      confidence,
      dropped,
      model: label,
      cost: usageCost(res.usage),
      created_at: (input.now?.() ?? new Date()).toISOString(),
    };
  } finally {
    await session.dispose();
  }
}
