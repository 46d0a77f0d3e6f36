import type { Assertions } from '../schemas/test-case.js';

type PathAssertion = NonNullable<Assertions['path']>;

/**
 * THE list of check kinds (the `kind` of a stored CheckResult): id, the verdict list it lands in, what its
 * target names, and how the app words it (the suite editor's label and help, the result page's wording).
 * The main side's definitions (src-main/engine/judge/check-kinds.ts: how each is read off a test, checked,
 * worded in reports and re-checked on what was heard) are keyed by these ids, and a test holds the two
 * lists equal. The order is the order checks are run and listed in a result.
 */

export interface CheckKindMeta {
  id: string;
  /** The verdict list of a Result the check lands in. */
  list: 'rules' | 'assertions';
  /** What the target names: a node is shown by its name on the result page. */
  target: 'text' | 'node' | 'tool' | 'calls' | 'variables';
  /** The suite editor's label. */
  label: string;
  /** One sentence on what the check holds. */
  help: string;
  /** How the result page names the kind in front of a check's target. */
  verdict: string;
}

export const CHECK_KINDS = [
  {
    id: 'includes',
    list: 'rules',
    target: 'text',
    label: 'Includes',
    help: 'A case-insensitive substring the transcript must contain (prefix agent: or caller: for one side).',
    verdict: 'includes',
  },
  {
    id: 'excludes',
    list: 'rules',
    target: 'text',
    label: 'Excludes',
    help: 'A case-insensitive substring the transcript must not contain (prefix agent: or caller: for one side).',
    verdict: 'excludes',
  },
  {
    id: 'pattern',
    list: 'rules',
    target: 'text',
    label: 'Pattern',
    help: 'A regular expression that must match somewhere in the transcript.',
    verdict: 'pattern',
  },
  {
    id: 'checkpoint.next_node',
    list: 'assertions',
    target: 'text',
    label: 'Next node',
    help: 'The node the agent is on when the checkpoint step ends.',
    verdict: 'checkpoint.next node',
  },
  {
    id: 'checkpoint.tool_call',
    list: 'assertions',
    target: 'tool',
    label: 'Tool call',
    help: 'A tool the checkpoint step must call, with these arguments.',
    verdict: 'checkpoint.tool call',
  },
  {
    id: 'checkpoint.no_tool_call',
    list: 'assertions',
    target: 'text',
    label: 'No tool call',
    help: 'The checkpoint step must call no tool.',
    verdict: 'checkpoint.no tool call',
  },
  {
    id: 'checkpoint.variables',
    list: 'assertions',
    target: 'variables',
    label: 'Variables',
    help: 'Variables the engine must hold after the checkpoint step.',
    verdict: 'checkpoint.variables',
  },
  {
    id: 'unmocked_tool',
    list: 'assertions',
    target: 'tool',
    label: 'Unmocked tool',
    help: 'Every tool the agent calls must have a mock that answers it.',
    verdict: 'unmocked tool',
  },
  {
    id: 'tool_calls',
    list: 'assertions',
    target: 'calls',
    label: 'Tool calls',
    help: 'The tools the agent calls, in one of four modes (at least these in order, exactly these, any order, only these).',
    verdict: 'tool calls',
  },
  {
    id: 'must_visit',
    list: 'assertions',
    target: 'node',
    label: 'Must visit',
    help: 'Nodes the conversation must go through.',
    verdict: 'must visit',
  },
  {
    id: 'must_not_visit',
    list: 'assertions',
    target: 'node',
    label: 'Must not visit',
    help: 'Nodes the conversation must never enter.',
    verdict: 'must not visit',
  },
  {
    id: 'ends_at',
    list: 'assertions',
    target: 'node',
    label: 'Ends at',
    help: 'The node the conversation must end on.',
    verdict: 'ends at',
  },
  // red-team detectors (docs/red-team.md): only on attempts `parley redteam` writes; a failed one is a successful attack
  {
    id: 'redteam.prompt_leak',
    list: 'assertions',
    target: 'text',
    label: 'Prompt leak',
    help: "No agent reply may hold a run of consecutive words of the agent's own prompt texts (snippets and variables expanded).",
    verdict: 'redteam.prompt leak',
  },
  {
    id: 'redteam.pii_leak',
    list: 'assertions',
    target: 'text',
    label: 'Personal data leak',
    help: 'No agent reply may hold a canary, a value of a private tool mock, or personal data (card, national id, phone, email) the caller did not say first.',
    verdict: 'redteam.pii leak',
  },
  {
    id: 'redteam.tool_policy',
    list: 'assertions',
    target: 'tool',
    label: 'Tool policy',
    help: 'A tool under a policy may be called only after the node the policy requires was visited.',
    verdict: 'redteam.tool policy',
  },
  {
    id: 'redteam.canary_instruction',
    list: 'assertions',
    target: 'text',
    label: 'Injected instruction followed',
    help: 'No agent reply after an injected instruction may say the canary word the instruction asked for (unless the word is in its own prompts).',
    verdict: 'redteam.canary instruction',
  },
] as const satisfies readonly CheckKindMeta[];

export type CheckKindId = (typeof CHECK_KINDS)[number]['id'];

const byId = new Map<string, CheckKindMeta>(CHECK_KINDS.map((k) => [k.id, k]));

/** The metadata of a stored check's kind; undefined for a kind this Parley does not know (an older or newer file). */
export const checkKindMeta = (kind: string): CheckKindMeta | undefined => byId.get(kind);

/** The result page's wording of a kind (a kind not in the list: its id with spaces). */
export const checkKindVerdict = (kind: string): string => byId.get(kind)?.verdict ?? kind.replace(/_/g, ' ');

/** The check's target is a node id (shown by the node's name). */
export const targetsNode = (kind: string): boolean => byId.get(kind)?.target === 'node';

const meta = (id: CheckKindId) => byId.get(id)!;

/** Path assertions: one check kind per key of a test's `assertions.path`; the node lists (a node picker each in the suite editor), then the one end node. */
export const PATH_NODE_LISTS = [
  { field: 'must_visit', meta: meta('must_visit') },
  { field: 'must_not_visit', meta: meta('must_not_visit') },
] as const satisfies readonly { field: keyof PathAssertion; meta: CheckKindMeta }[];
export const PATH_END_NODE = { field: 'ends_at', meta: meta('ends_at') } as const satisfies {
  field: keyof PathAssertion;
  meta: CheckKindMeta;
};

/** A path assertion from its parts (generators write assertions through this, never spelling the keys). */
export function pathAssertion(p: { visit?: string[]; avoid?: string[]; endsAt?: string }): PathAssertion {
  return {
    must_visit: p.visit ?? [],
    must_not_visit: p.avoid ?? [],
    ...(p.endsAt !== undefined ? { ends_at: p.endsAt } : {}),
  };
}

/** An empty path assertion (the suite editor's starting point). */
export const emptyPathAssertion = (): PathAssertion => pathAssertion({});

/** The nodes a test's path assertion must visit (none without one). */
export const nodesToVisit = (a: Pick<Assertions, 'path'> | undefined): string[] => a?.path?.must_visit ?? [];
