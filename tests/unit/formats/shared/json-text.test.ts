import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../../../src-main/formats/shared/json-text.js';

describe('parseJsonText', () => {
  it('reads what JSON.parse reads', () => {
    const docs = ['{"a":[1,2.5,-3e2,true,false,null],"b":{"c":"d\\n\\u00e9\\"x"}}', '[]', '"x"', '0', ' \n{ } '];
    for (const d of docs) {
      const r = parseJsonText(d);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value).toEqual(JSON.parse(d));
    }
  });

  it('names line, column and JSON path of a syntax error', () => {
    const text = '{\n  "nodes": [\n    {"id": "x"\n     "type": 1}\n  ]\n}';
    const r = parseJsonText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([r.line, r.column]).toEqual([4, 6]);
      expect(r.path).toBe('nodes[0]');
      expect(r.message).toMatch(/expected ',' or '}' after the value of "id"/);
    }
  });

  it('explains trailing commas, unterminated strings, bad escapes and the end of the file', () => {
    const cases: [string, RegExp, number, number][] = [
      ['{"a": 1,}', /no trailing comma/, 1, 9],
      ['{"a": "abc', /unterminated string/, 1, 7],
      ['{"a": "b\\q"}', /invalid escape/, 1, 9],
      ['[1, 2', /found the end of the file/, 1, 6],
      ['{"a": 1} x', /expected the end of the file/, 1, 10],
      ['{"a": "tab\there"}', /control character/, 1, 11],
    ];
    for (const [text, re, line, column] of cases) {
      const r = parseJsonText(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.message, text).toMatch(re);
        expect([r.line, r.column], text).toEqual([line, column]);
      }
    }
  });

  it('refuses nesting deeper than the limit without blowing the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const r = parseJsonText(deep, { maxDepth: 64 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/nesting deeper than 64 levels/);
      expect(r.column).toBe(65);
    }
    expect(parseJsonText('[[[1]]]', { maxDepth: 3 }).ok).toBe(true);
    expect(parseJsonText('[[[[1]]]]', { maxDepth: 3 }).ok).toBe(false);
  });

  it('reports keys that appear twice, keeping the last value like JSON.parse', () => {
    const r = parseJsonText('{"nodes": [{"id": "a", "id": "b"}], "x": 1, "x": 2}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value).toEqual({ nodes: [{ id: 'b' }], x: 2 });
      expect(r.duplicateKeys).toEqual([
        { path: 'nodes[0]', key: 'id' },
        { path: '', key: 'x' },
      ]);
    }
  });

  it('keeps __proto__ as plain data and skips a byte-order mark', () => {
    const r = parseJsonText('\uFEFF{"__proto__": {"polluted": true}}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
      expect(Object.keys(r.value as object)).toEqual(['__proto__']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
