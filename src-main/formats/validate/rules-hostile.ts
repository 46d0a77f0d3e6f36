import type { AgentGraph, Condition, GlobalCondition, TestSuite } from '../../../src-shared/schemas/index.js';
import { MAX_EXPANDED_TEXT_CHARS, truncateForMessage } from '../../../src-shared/limits.js';
import { SnippetSizer } from '../../../src-shared/templates/snippet-size.js';
import type { Issue } from '../types.js';
import { joinPath, type PathSegment } from '../shared/json-path.js';
import type { Reporter } from './reporter.js';

/**
 * Rules against hostile graphs: variable paths and variable names that reach the JavaScript object
 * prototype (`__proto__.polluted`), and prompt texts whose snippets expand beyond the size limit.
 * The engine refuses both at run time too (variables/path.ts, template.ts); these say so before a run.
 */

/** Names that reach an object's prototype; the engine's list (variables/path.ts FORBIDDEN_KEYS). */
const PROTO_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** The forbidden name inside a variable path (`workflow.__proto__.x`, `a["constructor"]`), if any. */
export function forbiddenPathName(path: string): string | undefined {
  return path.split(/[.[\]'"\s{}]+/).find((part) => PROTO_NAMES.has(part));
}

const pathMessage = (what: string, path: string, name: string) =>
  `${what} ${JSON.stringify(truncateForMessage(path))} uses "${name}", which would reach the JavaScript object prototype instead of a variable; expected variable names other than __proto__, constructor and prototype`;

/** Keys named __proto__/constructor/prototype anywhere inside a variables object. */
function walkKeys(value: unknown, at: PathSegment[], found: (path: PathSegment[], key: string) => void, depth = 0) {
  if (depth > 64 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => walkKeys(v, [...at, i], found, depth + 1));
    return;
  }
  for (const key of Object.keys(value)) {
    if (PROTO_NAMES.has(key)) found([...at, key], key);
    walkKeys((value as Record<string, unknown>)[key], [...at, key], found, depth + 1);
  }
}

/** Errors: variable paths and variable names that reach the object prototype. */
export function checkVariablePaths(g: AgentGraph, r: Reporter): void {
  const check = (at: string, what: string, path: string | undefined) => {
    if (path === undefined) return;
    const name = forbiddenPathName(path);
    if (name) r.error(at, pathMessage(what, path, name));
  };
  const checkCondition = (at: string, c: Condition | GlobalCondition) => {
    if (c.kind === 'equation')
      c.equations.forEach((e, k) => check(`${at}.equations[${k}].left`, 'the equation variable', e.left));
  };
  walkKeys(g.default_variables, ['default_variables'], (p, key) =>
    r.error(joinPath('', ...p), pathMessage('the default variable', key, key)),
  );
  g.nodes.forEach((n, i) => {
    const at = `nodes[${i}]`;
    if (n.type === 'extract')
      n.variables.forEach((v, j) => check(`${at}.variables[${j}].name`, 'the extracted variable', v.name));
    if (n.type === 'function') {
      n.output_variables.forEach((o, j) => {
        check(`${at}.output_variables[${j}].variable`, 'the output variable', o.variable);
        check(`${at}.output_variables[${j}].output_key`, 'the output key', o.output_key);
      });
      n.actions.forEach((a, j) => check(`${at}.actions[${j}].path`, 'the context.set path', a.path));
    }
    if (n.type === 'press_digit') check(`${at}.variable`, 'the press-digit variable', n.variable);
    n.transitions.forEach((t, j) => checkCondition(`${at}.transitions[${j}].condition`, t.condition));
    n.global?.entry_conditions.forEach((c, k) =>
      checkCondition(`${at}.global.entry_conditions[${k}].condition`, c.condition),
    );
    n.global?.go_back_conditions.forEach((c, k) =>
      checkCondition(`${at}.global.go_back_conditions[${k}].condition`, c.condition),
    );
  });
}

/** Errors: a snippet, or a prompt text, that expands beyond MAX_EXPANDED_TEXT_CHARS. */
export function checkSnippetSizes(g: AgentGraph, r: Reporter, limit = MAX_EXPANDED_TEXT_CHARS): void {
  const sizer = new SnippetSizer(g.snippets);
  const too = (n: number) =>
    n > Number.MAX_SAFE_INTEGER ? 'more than 9 quadrillion' : Math.round(n).toLocaleString('en-US');
  const check = (at: string, what: string, text: string | undefined) => {
    if (!text) return;
    const size = sizer.peakLength(text);
    if (size > Math.max(limit, text.length))
      r.error(
        at,
        `${what} expands to ${too(size)} characters once its {%snippets%} are expanded (they reference each other and multiply), over the limit of ${limit.toLocaleString('en-US')}; expected snippets that expand to at most ${limit.toLocaleString('en-US')} characters`,
      );
  };
  let snippetErrors = 0;
  for (const [name, text] of Object.entries(g.snippets)) {
    const size = sizer.peakLength(text, 4); // a snippet used in a text gets one pass less than the text
    if (size > Math.max(limit, text.length)) {
      snippetErrors++;
      r.error(
        joinPath('snippets', name),
        `snippet ${JSON.stringify(truncateForMessage(name))} expands to ${too(size)} characters (its {%references%} multiply), over the limit of ${limit.toLocaleString('en-US')}; expected snippets that expand to at most ${limit.toLocaleString('en-US')} characters`,
      );
    }
  }
  if (snippetErrors) return; // the texts using them would only repeat the same finding
  check('global_prompt', 'the global prompt', g.global_prompt);
  check('begin_message', 'the begin message', g.begin_message);
  g.nodes.forEach((n, i) => {
    const at = `nodes[${i}]`;
    if ('instruction' in n && n.instruction)
      check(`${at}.instruction.text`, `the instruction of node ${i}`, n.instruction.text);
    if ('message' in n && n.message) check(`${at}.message.text`, `the message of node ${i}`, n.message.text);
    if (n.type === 'function' && n.speak_during_execution)
      check(`${at}.speak_during_execution.text`, `what node ${i} says`, n.speak_during_execution.text);
    if (n.type === 'transfer') check(`${at}.target`, `the transfer target of node ${i}`, n.target);
    const prompt = (where: string, c: Condition | GlobalCondition, what: string) => {
      if (c.kind === 'prompt') check(`${where}.prompt`, what, c.prompt);
    };
    n.transitions.forEach((t, j) =>
      prompt(`${at}.transitions[${j}].condition`, t.condition, `transition ${j} of node ${i}`),
    );
    n.global?.entry_conditions.forEach((c, k) =>
      prompt(`${at}.global.entry_conditions[${k}].condition`, c.condition, `the global entry condition of node ${i}`),
    );
    n.global?.go_back_conditions.forEach((c, k) =>
      prompt(`${at}.global.go_back_conditions[${k}].condition`, c.condition, `a go-back condition of node ${i}`),
    );
  });
}

/** Errors for a test suite: dynamic variables named __proto__/constructor/prototype. */
export function suitePathIssues(suite: TestSuite, file: string, where: (graphPath: string) => string): Issue[] {
  const out: Issue[] = [];
  suite.tests.forEach((t, i) =>
    walkKeys(t.dynamic_variables, ['tests', i, 'dynamic_variables'], (p, key) =>
      out.push({
        severity: 'error',
        file,
        path: where(joinPath('', ...p)),
        message: pathMessage('the dynamic variable', key, key),
      }),
    ),
  );
  return out;
}

/** Errors: `"__proto__"` as a key anywhere in a file (JSON.parse keeps it as an own key; copying it sets a prototype). */
export function protoKeyIssues(json: unknown, file: string): Issue[] {
  const out: Issue[] = [];
  const walk = (value: unknown, at: PathSegment[], depth: number) => {
    if (depth > 64 || value === null || typeof value !== 'object' || out.length >= 20) return;
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, [...at, i], depth + 1));
    for (const key of Object.keys(value)) {
      if (key === '__proto__')
        out.push({
          severity: 'error',
          file,
          path: joinPath('', ...at, key),
          message:
            'the key "__proto__" is not allowed (it would change the JavaScript object prototype instead of holding data); expected any other key name',
        });
      walk((value as Record<string, unknown>)[key], [...at, key], depth + 1);
    }
  };
  walk(json, [], 0);
  return out;
}
