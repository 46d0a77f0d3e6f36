import { describe, expect, it } from 'vitest';
import { exportAgent, EXPORT_FORMATS } from '../../../src-main/formats/index.js';
import { conv, end, graph, tr } from './helpers.js';

/** What each exporter says of itself (keeps snippets, a size limit) and exportAgent applies. */
describe('exporter properties', () => {
  it('voicetest and Parley keep {%snippet%} references; every other format but Mermaid (a picture) writes them expanded', () => {
    const g = graph([conv('greet', [tr('t1', 'bye')], { instruction: { text: 'Hi. {%sign%}' } }), end('bye')], {
      snippets: { sign: 'Oak Clinic here.' },
    });
    for (const f of EXPORT_FORMATS.filter((f) => !['voicetest', 'parley', 'mermaid'].includes(f)))
      expect(exportAgent(g, f).text, f).not.toContain('{%sign%}');
    expect(exportAgent(g, 'voicetest').text).toContain('{%sign%}');
    expect(exportAgent(g, 'parley').text).toContain('{%sign%}');
  });

  it('a RevRing flow larger than the platform accepts is written with a warning; a small one without', () => {
    const big = graph([conv('greet', [tr('t1', 'bye')], { instruction: { text: 'x'.repeat(60_000) } }), end('bye')]);
    expect(exportAgent(big, 'revring').warnings).toEqual([
      expect.stringMatching(
        /^the flow is \d+(\.\d)? KB, larger than the 48 KB RevRing accepts; it will be refused there$/,
      ),
    ]);
    expect(exportAgent(big, 'voicetest').warnings).toEqual([]);
    const small = graph([conv('greet', [tr('t1', 'bye')]), end('bye')]);
    expect(exportAgent(small, 'revring').warnings).toEqual([]);
  });
});
