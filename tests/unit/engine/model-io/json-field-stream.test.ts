import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonStringFieldStream } from '../../../../src-main/engine/model-io/json-field-stream.js';

/** Feeds `text` in the given chunk sizes and returns what the stream decoded. */
function feed(text: string, sizes: number[]): string {
  const s = new JsonStringFieldStream('message');
  let out = '';
  let i = 0;
  for (let k = 0; i < text.length; k++) {
    const n = Math.max(1, sizes[k % sizes.length] ?? 1);
    out += s.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

describe('JsonStringFieldStream', () => {
  it('decodes the field as it arrives, escapes split across chunks included', () => {
    const json = JSON.stringify({ message: 'Hi "there"\nline two \u00e9 \\ done', done: false });
    expect(feed(json, [1])).toBe('Hi "there"\nline two \u00e9 \\ done');
    expect(feed(json, [3, 7, 2])).toBe('Hi "there"\nline two \u00e9 \\ done');
  });

  it('ignores the same key nested deeper or inside other strings, and text after the value', () => {
    const json = '{"note": "\\"message\\": \\"no\\"", "inner": {"message": "nested"}, "message": "yes", "done": true}';
    expect(feed(json, [4])).toBe('yes');
  });

  it('equals JSON.parse for any message and any chunking (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }),
        (msg, sizes) => {
          const json = JSON.stringify({ message: msg, done: false });
          return feed(json, sizes) === msg;
        },
      ),
      { numRuns: 300 },
    );
  });
});
