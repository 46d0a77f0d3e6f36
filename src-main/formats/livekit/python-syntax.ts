import type { SyntaxNode } from '@lezer/common';

/** Small readers over @lezer/python's syntax tree: children by type, source text, positions, literal values. */

export class PySource {
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  slice(n: SyntaxNode): string {
    return this.text.slice(n.from, n.to);
  }

  /** 1-based line and column of an offset. */
  at(pos: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: pos - this.lineStarts[lo] + 1 };
  }

  line(n: SyntaxNode): number {
    return this.at(n.from).line;
  }
}

export function children(n: SyntaxNode, name?: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (!name || c.name === name) out.push(c);
  return out;
}

export function child(n: SyntaxNode, name: string): SyntaxNode | undefined {
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.name === name) return c;
  return undefined;
}

/** Keyword arguments of an ArgList: name -> value node; positional arguments in order. */
export function callArgs(
  src: PySource,
  argList: SyntaxNode,
): { positional: SyntaxNode[]; keywords: Map<string, SyntaxNode> } {
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  const items = children(argList).filter((c) => !['(', ')', ','].includes(c.name));
  for (let i = 0; i < items.length; i++) {
    const c = items[i];
    if (c.name === 'VariableName' && items[i + 1]?.name === 'AssignOp' && items[i + 2]) {
      keywords.set(src.slice(c), items[i + 2]);
      i += 2;
    } else positional.push(c);
  }
  return { positional, keywords };
}

/** The dotted name of a VariableName / MemberExpression (`agents.Agent`), else undefined. */
export function dottedName(src: PySource, n: SyntaxNode): string | undefined {
  if (n.name === 'VariableName') return src.slice(n);
  if (n.name !== 'MemberExpression') return undefined;
  const parts = children(n);
  if (parts.length !== 3 || parts[1].name !== '.' || parts[2].name !== 'PropertyName') return undefined;
  const head = dottedName(src, parts[0]);
  return head ? `${head}.${src.slice(parts[2])}` : undefined;
}

/**
 * The value of a string literal node (String, or ContinuedString of adjacent literals, possibly in
 * parentheses); undefined for f-strings with replacements, bytes and anything computed.
 */
export function stringValue(src: PySource, n: SyntaxNode): string | undefined {
  if (n.name === 'ParenthesizedExpression') {
    const inner = children(n).filter((c) => c.name !== '(' && c.name !== ')');
    return inner.length === 1 ? stringValue(src, inner[0]) : undefined;
  }
  if (n.name === 'ContinuedString') {
    let out = '';
    for (const part of children(n)) {
      const v = stringValue(src, part);
      if (v === undefined) return undefined;
      out += v;
    }
    return out;
  }
  if (n.name === 'FormatString' && child(n, 'FormatReplacement')) return undefined;
  if (n.name !== 'String' && n.name !== 'FormatString') return undefined;
  return decodeLiteral(src.slice(n));
}

/** Decodes one Python string literal token: prefixes (r, u, f; not b), single or triple quotes, escapes. */
export function decodeLiteral(token: string): string | undefined {
  let i = 0;
  let raw = false;
  while (i < token.length && /[rRuUfF]/.test(token[i])) {
    if (token[i] === 'r' || token[i] === 'R') raw = true;
    i++;
  }
  if (token[i] !== '"' && token[i] !== "'") return undefined;
  const q = token[i];
  const triple = token.startsWith(q.repeat(3), i);
  const open = triple ? 3 : 1;
  const body = token.slice(i + open, token.length - open);
  const fstring = /[fF]/.test(token.slice(0, i));
  if (raw) return fstring ? body.replace(/\{\{/g, '{').replace(/\}\}/g, '}') : body;
  let out = '';
  for (let k = 0; k < body.length; k++) {
    const c = body[k];
    if (fstring && (c === '{' || c === '}') && body[k + 1] === c) {
      out += c;
      k++;
      continue;
    }
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++k];
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      '\\': '\\',
      "'": "'",
      '"': '"',
      a: '\x07',
      b: '\b',
      f: '\f',
      v: '\v',
      '0': '\0',
    };
    if (e === '\n') continue;
    if (e !== undefined && Object.hasOwn(simple, e)) out += simple[e];
    else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(k + 1, k + 1 + len);
      const code = Number.parseInt(hex, 16);
      if (hex.length !== len || !Number.isFinite(code)) return undefined;
      out += String.fromCodePoint(code);
      k += len;
    } else out += `\\${e ?? ''}`;
  }
  return out;
}

/** A Python string literal for `s` (double quotes; triple quotes for multi-line text; control characters escaped). */
export function pyString(s: string): string {
  const multi = s.includes('\n');
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += multi ? '\n' : '\\n';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return multi ? `"""${out}"""` : `"${out}"`;
}
