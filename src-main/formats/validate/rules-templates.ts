import type { AgentGraph, Condition, GlobalCondition, Utterance } from '../../../src-shared/schemas/index.js';
import { findSnippets, findVariables } from '../shared/templates.js';
import { listIds, type Reporter } from './reporter.js';

/** Variables every platform provides without the graph setting them. */
export const SYSTEM_VARIABLES = new Set([
  'current_time',
  'current_date',
  'current_calendar',
  'call_id',
  'call_type',
  'direction',
  'user_number',
  'from_number',
  'to_number',
  'agent_number',
  'agent_id',
  'agent_name',
  'session_duration',
  'now',
  'date',
  'time',
  'year',
  'month',
  'day',
  'customer',
  'phone_number',
  'call',
]);

interface Use {
  name: string;
  path: string;
  where: string;
}

/** Warnings: variables used that nothing in the graph sets, and snippets referenced but not defined. */
export function checkTemplates(g: AgentGraph, r: Reporter): void {
  const texts: { path: string; where: string; text: string | undefined }[] = [];
  const uses: Use[] = [];
  const add = (path: string, where: string, text: string | undefined) => texts.push({ path, where, text });
  const addUtterance = (path: string, where: string, u: Utterance | undefined) => add(`${path}.text`, where, u?.text);
  const addCondition = (path: string, where: string, c: Condition | GlobalCondition) => {
    if (c.kind === 'prompt') add(`${path}.prompt`, where, c.prompt);
    if (c.kind === 'equation') {
      c.equations.forEach((e, k) => {
        uses.push({ name: e.left, path: `${path}.equations[${k}].left`, where: `an equation of ${where}` });
        add(`${path}.equations[${k}].right`, `an equation of ${where}`, e.right);
      });
    }
  };

  add('global_prompt', 'the global prompt', g.global_prompt);
  add('begin_message', 'the begin message', g.begin_message);
  for (const [k, v] of Object.entries(g.snippets)) add(`snippets.${k}`, `snippet ${JSON.stringify(k)}`, v);
  g.nodes.forEach((n, i) => {
    const at = `nodes[${i}]`;
    const of = `node ${JSON.stringify(n.id)}`;
    if (n.type === 'conversation' || n.type === 'press_digit')
      addUtterance(`${at}.instruction`, `the instruction of ${of}`, n.instruction);
    if (n.type === 'extract') addUtterance(`${at}.instruction`, `the instruction of ${of}`, n.instruction);
    if (n.type === 'function')
      addUtterance(`${at}.speak_during_execution`, `what ${of} says while its tool runs`, n.speak_during_execution);
    if (n.type === 'end' || n.type === 'transfer') addUtterance(`${at}.message`, `the message of ${of}`, n.message);
    if (n.type === 'transfer') add(`${at}.target`, `the transfer target of ${of}`, n.target);
    n.transitions.forEach((t, j) =>
      addCondition(`${at}.transitions[${j}].condition`, `transition ${JSON.stringify(t.id)} of ${of}`, t.condition),
    );
    n.global?.entry_conditions.forEach((c, k) =>
      addCondition(`${at}.global.entry_conditions[${k}].condition`, `the global entry condition of ${of}`, c.condition),
    );
    n.global?.go_back_conditions.forEach((c, k) =>
      addCondition(`${at}.global.go_back_conditions[${k}].condition`, `a go-back condition of ${of}`, c.condition),
    );
  });

  for (const t of texts)
    for (const v of findVariables(t.text)) uses.push({ name: v.name, path: t.path, where: t.where });

  const setters = new Set<string>([...Object.keys(g.default_variables)]);
  for (const n of g.nodes) {
    if (n.type === 'extract') n.variables.forEach((v) => setters.add(v.name));
    if (n.type === 'function') {
      n.output_variables.forEach((o) => setters.add(o.variable));
      n.actions.forEach((a) => setters.add(a.path.replace(/\[\+\]$/, '')));
    }
    if (n.type === 'press_digit') setters.add(n.variable ?? 'digit');
  }
  const isSet = (name: string) => {
    if (SYSTEM_VARIABLES.has(name) || /^current_time_/.test(name) || name.startsWith('params.')) return true;
    // A setter s covers name when name is s, or starts with `s.` or `s[`: look up each such prefix (one pass over the name).
    if (setters.has(name)) return true;
    for (let i = 0; i < name.length; i++)
      if ((name[i] === '.' || name[i] === '[') && setters.has(name.slice(0, i))) return true;
    return SYSTEM_VARIABLES.has(name.split(/[.[]/)[0]);
  };

  const reported = new Map<string, number>();
  for (const u of uses) {
    if (isSet(u.name)) continue;
    const count = reported.get(u.name);
    reported.set(u.name, (count ?? 0) + 1);
  }
  const done = new Set<string>();
  for (const u of uses) {
    if (isSet(u.name) || done.has(u.name)) continue;
    done.add(u.name);
    const others = (reported.get(u.name) ?? 1) - 1;
    r.warn(
      u.path,
      `variable ${JSON.stringify(u.name)} is used in ${u.where}${others ? ` (and ${others} more place${others === 1 ? '' : 's'})` : ''} but set by nothing in the graph; a test must provide it (dynamic_variables), or expected a default variable, an extract node or a function output that sets it`,
    );
  }

  const defined = Object.keys(g.snippets);
  const missing = new Set<string>();
  for (const t of texts) {
    for (const s of findSnippets(t.text)) {
      if (Object.hasOwn(g.snippets, s.name) || missing.has(s.name)) continue;
      missing.add(s.name);
      r.warn(
        t.path,
        `snippet {%${s.name}%} is referenced in ${t.where} but not defined; expected one of the snippets: ${listIds(defined)}`,
      );
    }
  }
}

/** user.* holds the data a call is dispatched with and is immutable during the call (the engine refuses writes: variables/store.ts). */
const READ_ONLY_PATH = /^\s*user\s*($|[.[])/;

/** Warnings: nodes that write into user.* (each such write fails the conversation at run time). */
export function checkReadOnlyWrites(g: AgentGraph, r: Reporter): void {
  const warn = (path: string, target: string, what: string) => {
    if (READ_ONLY_PATH.test(target))
      r.warn(
        path,
        `${what} writes ${JSON.stringify(target)}, but user.* is the caller data the call starts with and cannot change during a call (the conversation would stop with an error there); expected workflow.* or a plain variable`,
      );
  };
  g.nodes.forEach((n, i) => {
    const of = `node ${JSON.stringify(n.id)}`;
    if (n.type === 'extract')
      n.variables.forEach((v, j) => warn(`nodes[${i}].variables[${j}].name`, v.name, `extract ${of}`));
    if (n.type === 'function') {
      n.output_variables.forEach((o, j) =>
        warn(`nodes[${i}].output_variables[${j}].variable`, o.variable, `an output of ${of}`),
      );
      n.actions.forEach((a, j) => warn(`nodes[${i}].actions[${j}].path`, a.path, `a context.set action of ${of}`));
    }
    if (n.type === 'press_digit' && n.variable) warn(`nodes[${i}].variable`, n.variable, `press-digit ${of}`);
  });
}
