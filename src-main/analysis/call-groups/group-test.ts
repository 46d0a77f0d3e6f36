import { pathAssertion } from '../../../src-shared/checks/check-kinds.js';
import { Persona, type AgentGraph, type TestCase } from '../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../providers/index.js';
import type { CallGroup } from './group-calls.js';

/** Share of a group's calls that went through each node, most visited first. */
export interface NodeShare {
  node: string;
  name?: string;
  share: number;
}

/** What a test for a group is made from: the group, what its most typical callers said, the path its calls took. */
export interface GroupBrief {
  group: CallGroup;
  /** The caller's turns of the group's most typical calls (already without personal data). */
  typical: string[];
  path: NodeShare[];
}

/** A node every call of the group visits at least this often goes into the test's must-visit list. */
export const MUST_VISIT_SHARE = 0.8;

/** The nodes the calls of a group went through, from each call's visited nodes. */
export function groupPath(g: AgentGraph, visited: string[][]): NodeShare[] {
  const counts = new Map<string, number>();
  for (const v of visited) for (const n of new Set(v)) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .map(([node, n]) => {
      const name = g.nodes.find((x) => x.id === node)?.name;
      return { node, ...(name && name !== node ? { name } : {}), share: Math.round((n / visited.length) * 100) / 100 };
    })
    .sort((a, b) => b.share - a.share || a.node.localeCompare(b.node));
}

const labelOf = (group: CallGroup) => group.terms.slice(0, 3).join(', ') || 'calls';

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base} #${i}`;
  taken.add(name.toLowerCase());
  return name;
}

function testOf(name: string, persona: Persona, metric: string, brief: GroupBrief, g: AgentGraph): TestCase {
  const visit = brief.path.filter((p) => p.share >= MUST_VISIT_SHARE && p.node !== g.entry_node_id).map((p) => p.node);
  return {
    name,
    type: 'llm',
    persona,
    metrics: [metric],
    dynamic_variables: {},
    tool_mocks: [],
    includes: [],
    excludes: [],
    patterns: [],
    ...(visit.length ? { assertions: { path: pathAssertion({ visit }) } } : {}),
  };
}

/** A test for a group without a model: the label from its terms, the goal in its most typical caller's words. */
export function draftGroupTest(
  g: AgentGraph,
  brief: GroupBrief,
  taken: Set<string>,
): { label: string; test: TestCase } {
  const label = labelOf(brief.group);
  const persona = Persona.parse({
    name: `Caller: ${label}`,
    goal: `Call as these callers did. In their words: ${brief.typical[0] ?? label}`,
    tags: ['generated', 'from-calls'],
  });
  const metric = `The agent handles what these callers wanted (${label}) and the caller gets it done`;
  return { label, test: testOf(uniqueName(`from calls: ${label}`, taken), persona, metric, brief, g) };
}

const SYSTEM =
  'Real calls to a phone agent were grouped by what the caller wanted. Name the group in a few words and write ONE ' +
  'test caller like them: a goal written as instructions to the caller, facts the caller knows (use invented values ' +
  'or the placeholders as written, e.g. [NAME_1]; never real personal data), and one criterion the agent must meet.';

function groupSchema(): Record<string, unknown> {
  const text = (n: number) => ({ type: 'string', maxLength: n });
  return {
    type: 'object',
    properties: {
      label: text(60),
      goal: text(400),
      facts: { type: 'array', maxItems: 6, items: { type: 'object', properties: { key: text(40), value: text(80) } } },
      criterion: text(200),
    },
    required: ['label', 'goal', 'facts', 'criterion'],
    additionalProperties: false,
  };
}

function groupPrompt(g: AgentGraph, brief: GroupBrief): string {
  return [
    `Agent: ${g.name}`,
    `Group of ${brief.group.calls.length} calls; words that mark it: ${brief.group.terms.join(', ') || '(none)'}`,
    ...brief.typical.slice(0, 3).map((t, i) => `Caller of call ${i + 1}:\n${t.slice(0, 1200)}`),
  ].join('\n\n');
}

/** A test for a group written by a model (one call); a failed call or an answer without a goal or label falls back to the draft. */
export async function proposeGroupTest(
  g: AgentGraph,
  brief: GroupBrief,
  model: ChatModel,
  opts: { signal?: AbortSignal; taken: Set<string> },
): Promise<{ label: string; test: TestCase; note?: string }> {
  const session = await model.openSession({ label: `tests from calls: ${labelOf(brief.group)}` });
  const draft = (why: string) => ({
    ...draftGroupTest(g, brief, opts.taken),
    note: `${why}: the test is the draft from the calls' words`,
  });
  try {
    let res;
    try {
      res = await session.structured<Record<string, unknown>>({
        purpose: 'generate_tests',
        schemaName: 'call_group_test',
        schema: groupSchema(),
        maxTokens: 500,
        temperature: 0.4,
        signal: opts.signal,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: groupPrompt(g, brief) },
        ],
      });
    } catch (e) {
      // one group's failed call loses only that group's proposal (as Cover the gaps does), never the others'
      if (opts.signal?.aborted) throw e;
      return draft(`the model call failed: ${(e as Error).message}`);
    }
    const a = (res.value && typeof res.value === 'object' ? res.value : {}) as Record<string, unknown>;
    const str = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
    if (!str('label') || !str('goal')) return draft("the model's answer had no label or goal");
    const facts = Array.isArray(a.facts) ? (a.facts as { key?: unknown; value?: unknown }[]) : [];
    const persona = Persona.parse({
      name: `Caller: ${str('label')}`,
      identity: Object.fromEntries(
        facts.filter((f) => f && String(f.key ?? '').trim()).map((f) => [String(f.key).trim(), String(f.value ?? '')]),
      ),
      goal: str('goal'),
      tags: ['generated', 'from-calls'],
    });
    const criterion = str('criterion') || `The agent handles what these callers wanted (${str('label')})`;
    const name = uniqueName(`from calls: ${str('label')}`, opts.taken);
    return { label: str('label'), test: testOf(name, persona, criterion, brief, g) };
  } finally {
    await session.dispose();
  }
}
