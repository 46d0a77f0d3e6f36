/**
 * Diagnosis: ONE structured judge-model call per failed result (or per failure group) names where
 * the fault is (the global prompt, a node's instruction, a transition's condition, a missing
 * transition, a tool or variable, or not the agent at all) with the quoted text and the transcript
 * lines that show it, and the root cause in one sentence. The answer's schema bounds every string,
 * number and list (a grammar on llama.cpp, `format` on Ollama, a JSON Schema on OpenAI-compatible
 * servers), node and transition ids are enums of the graph's own, and what comes back is checked
 * against the graph again (a provider may not enforce every bound).
 */
import {
  FAULT_LOCATIONS,
  type AgentGraph,
  type CallCost,
  type Diagnosis,
  type DiagnosisSubject,
  type Fault,
  type FaultLocation,
  type Result,
  type TestCase,
} from '../../src-shared/schemas/index.js';
import type { CallUsage, ChatModel } from '../providers/types.js';
import { agentText, conversationText } from './evidence.js';
import { clip, findTransition } from './graph-text.js';
import { turnIndex } from '../../src-shared/text/turn-number.js';

export const ROOT_CAUSE_CHARS = 240;
export const QUOTE_CHARS = 300;
export const EXPLANATION_CHARS = 240;
export const MAX_FAULTS = 4;
export const MAX_FAULT_TURNS = 6;
/** Conversations of a failure group shown to the model (the first one's lines are numbered). */
export const GROUP_EXAMPLES = 3;

const SYSTEM = [
  'You diagnose why an automated test of a conversational (voice or chat) agent failed.',
  "The agent is a graph: on each node the agent model follows that node's instruction (and the global prompt);",
  'transitions with conditions move the call from node to node. Read the path the call took, the transcript and what failed,',
  'and say where the fault is:',
  'agent_prompt (the global prompt is wrong or misses something);',
  "node_instruction (a node's instruction is wrong or incomplete; give node_id);",
  "transition_condition (a transition's condition sent the call the wrong way or did not fire; give node_id and transition_id);",
  'missing_transition (the call had to move somewhere no transition leads; node_id is the node it should leave from);',
  'tool_or_variable (a tool, its result or a variable was wrong);',
  'not_the_agent (the agent did right: the simulated caller or the judge is at fault, e.g. the caller broke character).',
  'Quote the text at fault exactly, give the numbers in brackets of the transcript lines that show it, and the root cause in one sentence.',
].join(' ');

/** JSON Schema of the answer: every string, number and list bounded; ids are the graph's own. */
export function diagnosisSchema(g: AgentGraph, lines: number): Record<string, unknown> {
  const nodeIds = [...new Set(g.nodes.map((n) => n.id))];
  const transitionIds = [...new Set(g.nodes.flatMap((n) => n.transitions.map((t) => t.id)))];
  return {
    type: 'object',
    properties: {
      faults: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_FAULTS,
        items: {
          type: 'object',
          properties: {
            location: { type: 'string', enum: [...FAULT_LOCATIONS] },
            node_id: { type: 'string', enum: [...nodeIds, ''] },
            transition_id: { type: 'string', enum: [...transitionIds, ''] },
            quote: { type: 'string', maxLength: QUOTE_CHARS },
            turns: {
              type: 'array',
              maxItems: MAX_FAULT_TURNS,
              items: { type: 'integer', minimum: 1, maximum: Math.max(1, lines) },
            },
            explanation: { type: 'string', maxLength: EXPLANATION_CHARS },
          },
          required: ['location', 'node_id', 'transition_id', 'quote', 'turns', 'explanation'],
          additionalProperties: false,
        },
      },
      root_cause: { type: 'string', maxLength: ROOT_CAUSE_CHARS },
    },
    required: ['faults', 'root_cause'],
    additionalProperties: false,
  };
}

interface RawFault {
  location?: unknown;
  node_id?: unknown;
  transition_id?: unknown;
  quote?: unknown;
  turns?: unknown;
  explanation?: unknown;
}

const str = (v: unknown, n: number) => clip(typeof v === 'string' ? v.trim() : '', n);

/**
 * A fault as the graph allows it: unknown ids dropped (and ids its location has no use for), a transition's node
 * filled in, turns in range. The model cites the bracket numbers (from 1); the fault keeps stored indices (from 0).
 */
export function checkedFault(g: AgentGraph, raw: RawFault, lines: number): Fault | null {
  const location = FAULT_LOCATIONS.includes(raw.location as FaultLocation) ? (raw.location as FaultLocation) : null;
  if (!location) return null;
  const withNode = location !== 'agent_prompt' && location !== 'not_the_agent';
  let nodeId =
    withNode && typeof raw.node_id === 'string' && g.nodes.some((n) => n.id === raw.node_id) ? raw.node_id : null;
  let transitionId: string | null = null;
  if (location === 'transition_condition' && typeof raw.transition_id === 'string' && raw.transition_id) {
    const found = findTransition(g, raw.transition_id, nodeId);
    if (found) {
      transitionId = found.transition.id;
      nodeId = found.node.id;
    }
  }
  const turns = Array.isArray(raw.turns)
    ? [
        ...new Set(
          raw.turns
            .filter((t): t is number => Number.isInteger(t))
            .map(turnIndex)
            .filter((t) => t >= 0 && t < lines),
        ),
      ].slice(0, MAX_FAULT_TURNS)
    : [];
  return {
    location,
    node_id: nodeId,
    transition_id: transitionId,
    quote: str(raw.quote, QUOTE_CHARS),
    turns,
    explanation: str(raw.explanation, EXPLANATION_CHARS),
  };
}

export interface DiagnoseInput {
  graph: AgentGraph;
  versionId: string;
  subject: DiagnosisSubject;
  /** The failed conversations shown (the first one's lines are numbered and cited). */
  results: Result[];
  /** The tests of these results (the caller's brief); never a holdout test. */
  tests: Map<string, TestCase>;
  failedResults: number;
  /** A failure group's description. */
  groupDescription?: string;
  maxTokens?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

export function usageCost(u: CallUsage | null | undefined, calls = 1): CallCost {
  return {
    calls,
    prompt_tokens: u?.prompt_tokens ?? 0,
    completion_tokens: u?.completion_tokens ?? 0,
    ms: u?.wall_ms ?? 0,
  };
}

/** The user message: the agent, the failing conversation(s) and, for a group, what the failures share. */
export function diagnosisPrompt(input: DiagnoseInput): string {
  const shown = input.results.slice(0, GROUP_EXAMPLES);
  const parts = [agentText(input.graph)];
  if (input.subject.kind === 'group')
    parts.push(
      `These ${shown.length} conversations fail the same way: ${JSON.stringify(clip(`${input.subject.group ?? ''}: ${input.groupDescription ?? ''}`, 400))}. Line numbers refer to the first one.`,
    );
  shown.forEach((r, i) =>
    parts.push(
      `${shown.length > 1 ? `Conversation ${i + 1}. ` : ''}${conversationText(input.graph, r, input.tests.get(r.test), { numbered: i === 0 })}`,
    ),
  );
  parts.push('Where is the fault, and what is the root cause?');
  return parts.join('\n\n');
}

/** One structured call: the diagnosis of one failed result or one failure group. `label`: PROVIDER:MODEL. */
export async function diagnoseFailure(model: ChatModel, label: string, input: DiagnoseInput): Promise<Diagnosis> {
  const lines = Math.max(1, input.results[0]?.transcript.length ?? 1);
  const session = await model.openSession({ label: 'diagnose' });
  try {
    const res = await session.structured<{ faults?: RawFault[]; root_cause?: unknown }>({
      purpose: 'diagnose',
      schemaName: 'diagnosis',
      schema: diagnosisSchema(input.graph, lines),
      maxTokens: input.maxTokens ?? 1200,
      temperature: 0,
      signal: input.signal,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: diagnosisPrompt(input) },
      ],
    });
    const faults = (Array.isArray(res.value?.faults) ? res.value.faults : [])
      .map((f) => checkedFault(input.graph, f ?? {}, lines))
      .filter((f): f is Fault => f !== null)
      .slice(0, MAX_FAULTS);
    return {
      subject: input.subject,
      version_id: input.versionId,
      faults,
      root_cause: str(res.value?.root_cause, ROOT_CAUSE_CHARS),
      model: label,
      failed_results: input.failedResults,
      cost: usageCost(res.usage),
      created_at: (input.now?.() ?? new Date()).toISOString(),
    };
  } finally {
    await session.dispose();
  }
}
