import type { Equation, EquationOperator } from '../../../src-shared/schemas/index.js';

/**
 * XLSForm `relevant` and `constraint` expressions (an XPath subset) to Parley equations: comparisons
 * of `${field}` (or `.`, the question itself) with a value, `selected(${field}, 'x')`,
 * `not(selected(...))`, joined by `and` or by `or`. A tokenizer and a small recursive-descent parser;
 * anything else is reported as not readable (the caller keeps it as a prompt condition). A backslash right
 * before `${` is read as nothing.
 */

type Token =
  | { t: 'field'; name: string }
  | { t: 'dot' }
  | { t: 'str'; v: string }
  | { t: 'num'; v: string }
  | { t: 'op'; v: string }
  | { t: 'word'; v: string }
  | { t: '(' }
  | { t: ')' }
  | { t: ',' };

export type ReadExpr =
  | { ok: true; match: 'all' | 'any'; equations: Equation[]; fields: string[] }
  | { ok: false; syntax: boolean; message: string };

function tokenize(s: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  const isDigit = (c: string) => c >= '0' && c <= '9';
  const isWord = (c: string) =>
    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '-' || isDigit(c);
  while (i < s.length) {
    const c = s[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    // A stray backslash before ${ (spreadsheet tools leave them, voicetest's sample has `\${field}`) is read as nothing.
    else if (c === '\\' && s[i + 1] === '$' && s[i + 2] === '{') i++;
    else if (c === '$' && s[i + 1] === '{') {
      const end = s.indexOf('}', i);
      if (end < 0) return `unterminated \${ at character ${i + 1}; expected \${field}`;
      out.push({ t: 'field', name: s.slice(i + 2, end).trim() });
      i = end + 1;
    } else if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      if (end < 0) return `unterminated ${c} quote at character ${i + 1}; expected a closing ${c}`;
      out.push({ t: 'str', v: s.slice(i + 1, end) });
      i = end + 1;
    } else if (isDigit(c) || (c === '-' && isDigit(s[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < s.length && (isDigit(s[j]) || s[j] === '.')) j++;
      out.push({ t: 'num', v: s.slice(i, j) });
      i = j;
    } else if (c === '!' || c === '<' || c === '>' || c === '=') {
      const two = s.slice(i, i + 2);
      const op = two === '!=' || two === '<=' || two === '>=' ? two : c;
      if (op === '!') return `"!" at character ${i + 1}; expected != or not(...)`;
      out.push({ t: 'op', v: op });
      i += op.length;
    } else if (c === '.' && !isWord(s[i + 1] ?? '')) {
      out.push({ t: 'dot' });
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c });
      i++;
    } else if (isWord(c)) {
      let j = i + 1;
      while (j < s.length && isWord(s[j])) j++;
      out.push({ t: 'word', v: s.slice(i, j) });
      i = j;
    } else return `unexpected ${JSON.stringify(c)} at character ${i + 1}`;
  }
  return out;
}

const OPS: Record<string, EquationOperator> = { '=': '==', '!=': '!=', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };
class Unsupported extends Error {}

/** Reads an expression; `self` is the field `.` stands for. */
export function readXlsExpression(text: string, self: string): ReadExpr {
  const tokens = tokenize(text);
  if (typeof tokens === 'string') return { ok: false, syntax: true, message: tokens };
  let depth = 0;
  for (const t of tokens) {
    depth += t.t === '(' ? 1 : t.t === ')' ? -1 : 0;
    if (depth < 0) return { ok: false, syntax: true, message: 'a ) without its (; expected balanced parentheses' };
  }
  if (depth !== 0) return { ok: false, syntax: true, message: 'a ( without its ); expected balanced parentheses' };
  let p = 0;
  const fields: string[] = [];
  const peek = () => tokens[p];
  const operand = (): { field?: string; value?: string } => {
    const t = tokens[p++];
    if (t?.t === 'field') {
      fields.push(t.name);
      return { field: t.name };
    }
    if (t?.t === 'dot') return { field: self };
    if (t?.t === 'str' || t?.t === 'num') return { value: t.v };
    throw new Unsupported('expected ${field}, . or a value');
  };
  const term = (): Equation => {
    const t = peek();
    if (t?.t === 'word' && (t.v === 'selected' || t.v === 'not')) {
      p++;
      if (peek()?.t !== '(') throw new Unsupported(`expected ( after ${t.v}`);
      p++;
      let eq: Equation;
      if (t.v === 'not') {
        const inner = term();
        if (inner.operator !== 'contains') throw new Unsupported('not(...) is read around selected(...) only');
        eq = { ...inner, operator: 'not_contains' };
      } else {
        const a = operand();
        if (peek()?.t !== ',') throw new Unsupported("expected selected(${field}, 'value')");
        p++;
        const b = operand();
        if (!a.field || b.value === undefined) throw new Unsupported("expected selected(${field}, 'value')");
        eq = { left: a.field, operator: 'contains', right: b.value };
      }
      if (peek()?.t !== ')') throw new Unsupported('expected )');
      p++;
      return eq;
    }
    const left = operand();
    const op = tokens[p++];
    if (op?.t !== 'op') throw new Unsupported('expected a comparison (=, !=, >, >=, <, <=)');
    const right = operand();
    const field = left.field ?? right.field;
    const value = left.field ? right.value : left.value;
    if (!field || value === undefined) throw new Unsupported('expected a field compared with a value');
    let operator = OPS[op.v];
    if (!left.field)
      operator =
        ({ '>': '<', '<': '>', '>=': '<=', '<=': '>=' } as Record<string, EquationOperator>)[operator] ?? operator;
    if (value === '' && (operator === '==' || operator === '!='))
      return { left: field, operator: operator === '==' ? 'not_exists' : 'exists' };
    return { left: field, operator, right: value };
  };
  try {
    const equations = [term()];
    let joiner: string | undefined;
    while (p < tokens.length) {
      const t = tokens[p++];
      if (t.t !== 'word' || (t.v !== 'and' && t.v !== 'or'))
        throw new Unsupported('expected and / or between conditions');
      if (joiner && joiner !== t.v) throw new Unsupported('mixes and with or; Parley equations take one of them');
      joiner = t.v;
      equations.push(term());
    }
    return { ok: true, match: joiner === 'or' ? 'any' : 'all', equations, fields };
  } catch (e) {
    if (e instanceof Unsupported) return { ok: false, syntax: false, message: e.message };
    throw e;
  }
}

const NEGATE: Record<EquationOperator, EquationOperator> = {
  '==': '!=',
  '!=': '==',
  '>': '<=',
  '>=': '<',
  '<': '>=',
  '<=': '>',
  contains: 'not_contains',
  not_contains: 'contains',
  contained_in: 'not_contained_in',
  not_contained_in: 'contained_in',
  exists: 'not_exists',
  not_exists: 'exists',
};

/** The negation of an all/any group of equations (De Morgan): a constraint that fails. */
export function negate(match: 'all' | 'any', equations: Equation[]): { match: 'all' | 'any'; equations: Equation[] } {
  return {
    match: match === 'all' ? 'any' : 'all',
    equations: equations.map((e) => ({ ...e, operator: NEGATE[e.operator] })),
  };
}
