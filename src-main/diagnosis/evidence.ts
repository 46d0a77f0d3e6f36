/**
 * What a diagnosing model reads about a failed conversation: the graph around the path taken (each
 * visited node with its instruction after snippet expansion, the transitions it could take and the
 * routing decision made), the numbered transcript, and every failed metric, rule and assertion with
 * its reasoning. Texts are clipped so one diagnosis fits a small model's context.
 */
import type { AgentGraph, Result, TestCase } from '../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../src-shared/persona/persona-prompt.js';
import { turnNumber } from '../../src-shared/text/turn-number.js';
import { renderTranscript } from '../engine/conversation/transcript-text.js';
import { clip, conditionText, expandedGlobalPrompt, expandedNodeText } from './graph-text.js';

export interface EvidenceLimits {
  /** Characters of one node instruction or the global prompt. */
  textChars: number;
  /** Characters of one transcript turn. */
  turnChars: number;
  /** Turns of the transcript shown (the last ones). */
  turns: number;
}

export const DEFAULT_EVIDENCE_LIMITS: EvidenceLimits = { textChars: 1200, turnChars: 400, turns: 60 };

/** The failures of a result as lines: metrics with score and reasoning, rules, assertions, the error. */
export function failureLines(r: Result): string[] {
  const out: string[] = [];
  if (r.error) out.push(`- error: ${clip(r.error, 300)}`);
  for (const m of r.metrics)
    if (!m.passed)
      out.push(
        `- metric ${JSON.stringify(clip(m.criterion, 200))}: score ${m.score.toFixed(2)} < ${m.threshold.toFixed(2)}${m.reasoning ? `; judge: ${clip(m.reasoning, 300)}` : ''}${m.turns?.length ? ` (lines ${m.turns.map(turnNumber).join(', ')})` : ''}`,
      );
  for (const c of r.rules)
    if (!c.passed) out.push(`- rule ${c.kind} ${JSON.stringify(clip(c.target, 160))}: ${clip(c.message, 240)}`);
  for (const c of r.assertions)
    if (!c.passed) out.push(`- assertion ${c.kind} ${JSON.stringify(clip(c.target, 160))}: ${clip(c.message, 240)}`);
  if (r.caller_invalid && r.caller_fidelity)
    out.push(
      `- the simulated caller broke character (in character ${r.caller_fidelity.in_character.toFixed(2)}): ${clip(r.caller_fidelity.reasoning, 240)}`,
    );
  return out;
}

/** The graph around the path: each visited node once, in order, with its instruction and transitions. */
export function pathText(g: AgentGraph, r: Result, limits: EvidenceLimits = DEFAULT_EVIDENCE_LIMITS): string {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const lines: string[] = [];
  const described = new Set<string>();
  r.nodes_visited.forEach((v, step) => {
    const how =
      step === 0
        ? 'the entry'
        : `${v.via ? `via transition ${JSON.stringify(v.via)}` : 'by a jump'}${v.reason ? ` (${clip(v.reason, 160)})` : ''}`;
    lines.push(`${step + 1}. node ${JSON.stringify(v.node)} at line ${turnNumber(v.turn)}, ${how}`);
    const n = byId.get(v.node);
    if (!n || described.has(n.id)) return;
    described.add(n.id);
    const text = expandedNodeText(g, n);
    lines.push(`   type ${n.type}${n.name ? `, named ${JSON.stringify(n.name)}` : ''}`);
    if (text !== undefined) lines.push(`   instruction: ${JSON.stringify(clip(text, limits.textChars))}`);
    if (n.type === 'function') lines.push(`   calls tool ${JSON.stringify(n.tool)}`);
    if (n.type === 'extract') lines.push(`   collects ${n.variables.map((x) => x.name).join(', ')}`);
    for (const t of n.transitions)
      lines.push(
        `   transition ${JSON.stringify(t.id)} -> ${JSON.stringify(t.target)} when ${JSON.stringify(clip(conditionText(t.condition), 240))}`,
      );
    for (const c of n.global?.entry_conditions ?? [])
      lines.push(
        `   global entry ${JSON.stringify(c.id)} when ${JSON.stringify(clip(conditionText(c.condition), 240))}`,
      );
  });
  const others = g.nodes.filter((n) => !described.has(n.id));
  if (others.length)
    lines.push(
      `Nodes not visited: ${others
        .slice(0, 60)
        .map((n) => `${JSON.stringify(n.id)} (${n.type}${n.global ? ', global' : ''})`)
        .join(', ')}${others.length > 60 ? ` and ${others.length - 60} more` : ''}`,
    );
  return lines.join('\n');
}

/** What the caller was asked to do in this test (never a holdout test's: callers pass only diagnosable tests). */
export function callerBrief(test: TestCase | undefined): string {
  if (!test) return '';
  if (test.caller_script?.length)
    return `The caller's lines were scripted: ${clip(test.caller_script.join(' | '), 400)}`;
  if (test.user_prompt) return `The caller was told: ${clip(test.user_prompt, 600)}`;
  if (test.persona && typeof test.persona === 'object')
    return `The caller played: ${clip(renderPersonaPrompt(test.persona), 600)}`;
  return '';
}

/** One failed conversation as the model reads it. `numbered`: transcript lines carry their turn number from 1 (faults cite them). */
export function conversationText(
  g: AgentGraph,
  r: Result,
  test: TestCase | undefined,
  opts: { numbered: boolean; limits?: EvidenceLimits },
): string {
  const limits = opts.limits ?? DEFAULT_EVIDENCE_LIMITS;
  const brief = callerBrief(test);
  return [
    `Test ${JSON.stringify(r.test)} (repeat ${r.repeat + 1}), ended: ${r.end_reason}.`,
    ...(brief ? [brief] : []),
    'Path through the graph:',
    pathText(g, r, limits),
    `Transcript${opts.numbered ? ' (lines numbered)' : ''}:`,
    renderTranscript(r.transcript, {
      numbered: opts.numbered,
      includeTools: true,
      lastTurns: limits.turns,
      maxTurnChars: limits.turnChars,
    }),
    'What failed:',
    ...failureLines(r),
  ].join('\n');
}

/** The agent as a whole: name and global prompt (after snippet expansion). */
export function agentText(g: AgentGraph, limits: EvidenceLimits = DEFAULT_EVIDENCE_LIMITS): string {
  const prompt = expandedGlobalPrompt(g);
  return [
    `Agent ${JSON.stringify(g.name || 'unnamed')}, entry node ${JSON.stringify(g.entry_node_id)}.`,
    `Global prompt (every node): ${prompt ? JSON.stringify(clip(prompt, limits.textChars)) : '(none)'}`,
    ...(g.tools.length ? [`Tools: ${g.tools.map((t) => t.name).join(', ')}`] : []),
  ].join('\n');
}
