import { LINT_RULES, type LintFinding, type LintRule } from '../../src-shared/contract/analysis.js';
import type { AgentGraph, GraphNode, TestSuite } from '../../src-shared/schemas/index.js';
import { expandSnippets } from '../engine/conversation/template.js';
import { predecessors, reachableNodes } from '../formats/shared/graph-reach.js';
import { findVariables } from '../formats/shared/templates.js';
import { SYSTEM_VARIABLES } from '../formats/validate/rules-templates.js';
import { digitVariable } from '../engine/conversation/nodes/press-digit.js';

/**
 * The checklist a flow designer reads before export: things that are legal in a graph but are
 * probably mistakes. Each finding names the node or edge (for jump-to on the canvas) and the JSON path.
 * It never blocks anything: it is advice, computed on the graph as it is (saved or not).
 */

export type { LintRule, LintFinding } from '../../src-shared/contract/analysis.js';
export { LINT_RULES } from '../../src-shared/contract/analysis.js';

export interface LintOptions {
  /** Suites whose tool mocks and dynamic variables count; absent: the mock check is skipped. */
  suites?: TestSuite[];
  /** Characters a node's prompt (global prompt + instruction, snippets expanded) may have. */
  promptBudget?: number;
}

export interface LintReport {
  findings: LintFinding[];
  /** Rules that could not run, and why (e.g. no suite given for the mock check). */
  skipped: { rule: LintRule; why: string }[];
}

export const DEFAULT_PROMPT_BUDGET = 4000;

const q = JSON.stringify;
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Does a write of `set` make a read of `read` defined? (a parent object or the exact path) */
const covers = (set: string, read: string) =>
  read === set || read.startsWith(`${set}.`) || read.startsWith(`${set}[`) || set.startsWith(`${read}.`);

/** Variables a node writes. */
function writes(n: GraphNode): string[] {
  if (n.type === 'extract') return n.variables.map((v) => v.name);
  if (n.type === 'function')
    return [
      ...n.output_variables.map((o) => o.variable),
      ...n.actions.map((a) => a.path.replace(/\[\+\]$/, '')),
      'tool_error',
    ];
  if (n.type === 'press_digit') return [digitVariable(n)];
  if (n.type === 'transfer') return ['transfer_target'];
  return [];
}

interface Read {
  name: string;
  path: string;
  /** true: read after the node's own writes (its conditions, a function's actions). */
  afterWrites: boolean;
}

const templateReads = (text: string | undefined, path: string, afterWrites: boolean): Read[] =>
  findVariables(text).map((v) => ({ name: v.name, path, afterWrites }));

function jsonReads(value: unknown, path: string, afterWrites: boolean): Read[] {
  if (typeof value === 'string') return templateReads(value, path, afterWrites);
  if (Array.isArray(value)) return value.flatMap((v, i) => jsonReads(v, `${path}[${i}]`, afterWrites));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => jsonReads(v, `${path}.${k}`, afterWrites));
  return [];
}

/** Variables a node reads, with where. */
function reads(n: GraphNode, at: string, snippets: Record<string, string>): Read[] {
  const out: Read[] = [];
  const text = (t: string | undefined, p: string, after = false) =>
    out.push(...templateReads(t === undefined ? t : expandSnippets(t, snippets), p, after));
  if (n.type === 'conversation' || n.type === 'press_digit' || n.type === 'extract')
    text(n.instruction?.text, `${at}.instruction.text`);
  if (n.type === 'extract') n.variables.forEach((v, j) => text(v.description, `${at}.variables[${j}].description`));
  if (n.type === 'end' || n.type === 'transfer') text(n.message?.text, `${at}.message.text`);
  if (n.type === 'transfer') text(n.target, `${at}.target`);
  if (n.type === 'function') {
    text(n.speak_during_execution?.text, `${at}.speak_during_execution.text`);
    out.push(...jsonReads(n.arguments, `${at}.arguments`, false));
    n.actions.forEach((a, j) => out.push(...jsonReads(a.value, `${at}.actions[${j}].value`, true)));
  }
  const conditions = [
    ...n.transitions.map((t, j) => [t.condition, `${at}.transitions[${j}].condition`] as const),
    ...(n.global?.go_back_conditions ?? []).map(
      (c, j) => [c.condition, `${at}.global.go_back_conditions[${j}].condition`] as const,
    ),
  ];
  for (const [c, p] of conditions) {
    if (c.kind === 'prompt') text(c.prompt, `${p}.prompt`, true);
    if (c.kind === 'equation')
      c.equations.forEach((e, k) => {
        out.push({
          name: e.left.replace(/^\{\{\s*|\s*\}\}$/g, ''),
          path: `${p}.equations[${k}].left`,
          afterWrites: true,
        });
        text(e.right, `${p}.equations[${k}].right`, true);
      });
  }
  return out;
}

function flowRules(g: AgentGraph, out: LintFinding[]): void {
  const reached = reachableNodes(g);
  const hasEntry = g.nodes.some((n) => n.id === g.entry_node_id);
  const endingTools = new Set(
    g.tools.filter((t) => t.kind === 'end_call' || t.kind === 'transfer_call').map((t) => t.name),
  );
  g.nodes.forEach((n, i) => {
    const at = `nodes[${i}]`;
    if (hasEntry && !reached.has(n.id))
      out.push({
        rule: 'unreachable',
        severity: 'warning',
        message: `node ${q(n.id)} cannot be reached from the entry node ${q(g.entry_node_id)}: no transition leads into it and it has no global entry condition`,
        path: at,
        node_id: n.id,
      });
    const endsCall =
      n.type === 'end' ||
      n.type === 'transfer' ||
      (n.type === 'conversation' && (n.tools ?? []).some((t) => endingTools.has(t)));
    const noWayOut = !n.transitions.length && !n.global?.go_back_conditions.length;
    if (n.global && !n.global.go_back_conditions.length && !endsCall)
      out.push({
        rule: 'global_without_go_back',
        severity: noWayOut ? 'warning' : 'info',
        message: noWayOut
          ? `global node ${q(n.id)} has no go-back condition and no transition: once entered, the call never returns to where it was`
          : `global node ${q(n.id)} has no go-back condition: it leaves only through its own transitions, never back to where the call came from`,
        path: `${at}.global.go_back_conditions`,
        node_id: n.id,
      });
    else if (g.nodes.length > 1 && !endsCall && noWayOut)
      out.push({
        rule: 'dead_end',
        severity: 'warning',
        message: `${n.type} node ${q(n.id)} has no way out and is not an end or transfer node: the call stays there until the caller hangs up`,
        path: at,
        node_id: n.id,
      });
  });
}

/** Prompt conditions that compete in one router call: the node's own and every other global entry condition. */
function identicalConditions(g: AgentGraph, out: LintFinding[]): void {
  const globals = g.nodes.flatMap((gn, gi) =>
    (gn.global?.entry_conditions ?? []).flatMap((c, j) =>
      c.condition.kind === 'prompt'
        ? [
            {
              owner: gn.id,
              id: c.id,
              text: c.condition.prompt,
              path: `nodes[${gi}].global.entry_conditions[${j}].condition.prompt`,
              node: gn.id,
            },
          ]
        : [],
    ),
  );
  const seen = new Set<string>();
  g.nodes.forEach((n, i) => {
    const own = n.transitions.flatMap((t, j) =>
      t.condition.kind === 'prompt'
        ? [
            {
              owner: n.id,
              id: t.id,
              text: t.condition.prompt,
              path: `nodes[${i}].transitions[${j}].condition.prompt`,
              node: n.id,
            },
          ]
        : [],
    );
    const competing = [...own, ...globals.filter((c) => c.owner !== n.id)];
    const byText = new Map<string, typeof competing>();
    for (const c of competing) {
      const k = norm(expandSnippets(c.text, g.snippets));
      if (k) byText.set(k, [...(byText.get(k) ?? []), c]);
    }
    for (const group of byText.values()) {
      if (group.length < 2) continue;
      const key = group
        .map((c) => c.id)
        .sort()
        .join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      const first = group[0];
      out.push({
        rule: 'identical_conditions',
        severity: 'warning',
        message: `${group.map((c) => q(c.id)).join(' and ')} have the same condition text ${q(first.text)} and compete at node ${q(n.id)}: the router cannot tell them apart`,
        path: first.path,
        node_id: first.node,
        transition_id: first.id,
      });
    }
  });
}

function variableRules(g: AgentGraph, suites: TestSuite[] | undefined, out: LintFinding[]): void {
  const provided = new Set<string>(Object.keys(g.default_variables));
  for (const s of suites ?? [])
    for (const t of s.tests) for (const k of Object.keys(t.dynamic_variables)) provided.add(k);
  const free = (name: string) =>
    SYSTEM_VARIABLES.has(name.split(/[.[]/)[0]) ||
    /^current_time_/.test(name) ||
    name.startsWith('params.') ||
    [...provided].some((p) => covers(p, name));

  // may-be-set-before: a variable is available at a node if some path from the entry sets it earlier
  const preds = predecessors(g);
  const before = new Map(g.nodes.map((n) => [n.id, new Set<string>()]));
  const ownWrites = new Map(g.nodes.map((n) => [n.id, writes(n)]));
  for (let changed = true; changed;) {
    changed = false;
    for (const n of g.nodes) {
      const set = before.get(n.id)!;
      for (const p of preds.get(n.id) ?? [])
        for (const v of [...before.get(p)!, ...ownWrites.get(p)!])
          if (!set.has(v)) {
            set.add(v);
            changed = true;
          }
    }
  }
  const reported = new Set<string>();
  const allReads: Read[] = [];
  g.nodes.forEach((n, i) => {
    const rs = reads(n, `nodes[${i}]`, g.snippets);
    allReads.push(...rs);
    for (const r of rs) {
      if (free(r.name) || reported.has(`${n.id}|${r.name}`)) continue;
      const avail = [...before.get(n.id)!, ...(r.afterWrites ? ownWrites.get(n.id)! : [])];
      if (avail.some((s) => covers(s, r.name))) continue;
      reported.add(`${n.id}|${r.name}`);
      const setters = g.nodes.filter((m) => ownWrites.get(m.id)!.some((s) => covers(s, r.name))).map((m) => m.id);
      out.push(
        setters.length
          ? {
              rule: 'used_before_set',
              severity: 'warning',
              message: `node ${q(n.id)} reads {{${r.name}}} but no path from the entry passes ${setters.map((x) => q(x)).join(' or ')} (which set it) first, and it has no default`,
              path: r.path,
              node_id: n.id,
            }
          : {
              rule: 'never_set',
              severity: 'info',
              message: `node ${q(n.id)} reads {{${r.name}}}, which nothing in the graph sets and has no default${suites ? ' and no test supplies' : ''}: every call must supply it (a test's dynamic variables)`,
              path: r.path,
              node_id: n.id,
            },
      );
    }
  });
  // extract variables nothing reads (globals and prompts included)
  const globalReads = templateReads(expandSnippets(g.global_prompt, g.snippets), 'global_prompt', false);
  const everyRead = [...allReads, ...globalReads, ...templateReads(g.begin_message, 'begin_message', false)];
  g.nodes.forEach((n, i) => {
    if (n.type !== 'extract') return;
    n.variables.forEach((v, j) => {
      if (everyRead.some((r) => covers(v.name, r.name))) return;
      out.push({
        rule: 'unread_extract',
        severity: 'warning',
        message: `extract node ${q(n.id)} extracts ${q(v.name)} but no prompt, condition or tool argument reads it`,
        path: `nodes[${i}].variables[${j}]`,
        node_id: n.id,
      });
    });
  });
}

function toolRules(
  g: AgentGraph,
  suites: TestSuite[] | undefined,
  out: LintFinding[],
  skipped: LintReport['skipped'],
): void {
  const custom = new Set(g.tools.filter((t) => t.kind === 'custom').map((t) => t.name));
  const used = new Map<string, { path: string; node_id: string }>();
  g.nodes.forEach((n, i) => {
    if (n.type === 'function' && custom.has(n.tool) && !used.has(n.tool))
      used.set(n.tool, { path: `nodes[${i}].tool`, node_id: n.id });
    if (n.type === 'conversation')
      (n.tools ?? []).forEach((t, j) => {
        if (custom.has(t) && !used.has(t)) used.set(t, { path: `nodes[${i}].tools[${j}]`, node_id: n.id });
      });
  });
  if (!used.size) return;
  if (!suites) {
    skipped.push({ rule: 'unmocked_tool', why: 'no test suite given: tool mocks cannot be checked' });
    return;
  }
  const mocked = new Set(suites.flatMap((s) => s.tests.flatMap((t) => t.tool_mocks.map((m) => m.tool))));
  for (const [tool, where] of used)
    if (!mocked.has(tool))
      out.push({
        rule: 'unmocked_tool',
        severity: 'warning',
        message: `tool ${q(tool)} (used at node ${q(where.node_id)}) has no mock in any of the ${suites.length} test suite${suites.length === 1 ? '' : 's'}: a test reaching it gets an error result`,
        ...where,
      });
}

function budgetRule(g: AgentGraph, budget: number, out: LintFinding[]): void {
  const global = expandSnippets(g.global_prompt, g.snippets).length;
  g.nodes.forEach((n, i) => {
    const instr = 'instruction' in n && n.instruction ? expandSnippets(n.instruction.text, g.snippets).length : 0;
    if (!instr) return;
    const total = global + instr;
    if (total > budget)
      out.push({
        rule: 'prompt_over_budget',
        severity: 'warning',
        message: `node ${q(n.id)}'s prompt is ${total} characters (global prompt ${global} + instruction ${instr}), over the budget of ${budget}: long prompts slow local models and blur the instruction`,
        path: `nodes[${i}].instruction.text`,
        node_id: n.id,
      });
  });
}

export function lintGraph(g: AgentGraph, opts: LintOptions = {}): LintReport {
  const findings: LintFinding[] = [];
  const skipped: LintReport['skipped'] = [];
  flowRules(g, findings);
  identicalConditions(g, findings);
  variableRules(g, opts.suites, findings);
  toolRules(g, opts.suites, findings, skipped);
  budgetRule(g, opts.promptBudget ?? DEFAULT_PROMPT_BUDGET, findings);
  const order = new Map(g.nodes.map((n, i) => [n.id, i]));
  findings.sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === 'warning' ? -1 : 1) ||
      (order.get(a.node_id ?? '') ?? -1) - (order.get(b.node_id ?? '') ?? -1) ||
      LINT_RULES.indexOf(a.rule) - LINT_RULES.indexOf(b.rule),
  );
  return { findings, skipped };
}
