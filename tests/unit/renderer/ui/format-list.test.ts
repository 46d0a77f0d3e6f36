import { describe, expect, it } from 'vitest';
import { listedFormats } from '../../../../src-shared/formats/listed-formats.js';
import { formatLabel, importAccept } from '../../../../src-renderer/ui/format-list.js';

describe("the renderer's format labels, export menu and import picker read the format table", () => {
  const formats = listedFormats();

  it('labels every source format of a stored agent as the Agents page did', () => {
    const labels = Object.fromEntries(
      ['retell-cf', 'vapi-squad', 'bland-pathway', 'livekit', 'xlsform', 'parley', 'custom'].map((id) => [
        id,
        formatLabel(formats, id),
      ]),
    );
    expect(labels).toEqual({
      'retell-cf': 'Retell flow',
      'vapi-squad': 'VAPI squad',
      'bland-pathway': 'Bland pathway',
      livekit: 'LiveKit',
      xlsform: 'XLSForm',
      parley: 'Parley',
      custom: 'custom',
    });
    expect(formatLabel(formats, 'something-newer')).toBe('something-newer');
  });

  it('offers the endings the importers read, text files holding JSON and the JSON MIME type', () => {
    expect(importAccept(formats).split(',').sort()).toEqual(
      ['.json', '.md', '.txt', '.py', '.xlsx', 'application/json'].sort(),
    );
  });

  it('writes each export with the MIME type of its file: text for Python and Mermaid, JSON for the rest', () => {
    const exports = formats.filter((f) => f.export);
    expect(exports.filter((f) => f.mime === 'text/plain').map((f) => f.id)).toEqual(['livekit', 'mermaid']);
    expect(exports.every((f) => f.mime === 'text/plain' || f.mime === 'application/json')).toBe(true);
    expect(exports.find((f) => f.id === 'retell-cf')?.export_extension).toBe('retell-flow.json');
  });

  it('lists what formats.list did before, in the same order (agent files, suites, export-only), then call logs', () => {
    expect(formats.filter((f) => f.import || f.export).map((f) => [f.id, f.holds])).toEqual([
      ...[
        'retell-cf',
        'retell-llm',
        'vapi',
        'vapi-squad',
        'revring',
        'voicetest',
        'bland',
        'bland-pathway',
        'telnyx',
        'livekit',
        'elevenlabs',
        'xlsform',
        'parley',
      ].map((id) => [id, 'agent']),
      ...['voicetest-tests', 'parley-suite', 'vapi-evals', 'elevenlabs-tests'].map((id) => [id, 'suite']),
      ['mermaid', 'agent'],
    ]);
    expect(formats.filter((f) => f.call_log).map((f) => f.id)).toEqual(['retell', 'vapi', 'bland', 'telnyx', 'plain']);
  });
});
