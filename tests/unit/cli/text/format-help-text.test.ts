import { describe, expect, it } from 'vitest';
import { callLogFormatsHelp, importFormatsHelp } from '../../../../src-main/cli/text/format-help-text.js';

describe("the CLI's help names the formats from the format table", () => {
  it('parley import: who makes each format it reads, with the ending where it is not JSON', () => {
    expect(importFormatsHelp()).toBe(
      'Retell, VAPI, RevRing, voicetest, Bland, Telnyx, LiveKit .py, ElevenLabs, XLSForm .xlsx, Parley',
    );
  });

  it('parley import-calls: the platforms whose call JSON it reads, then the plain list', () => {
    expect(callLogFormatsHelp()).toBe('Retell, VAPI, Bland or Telnyx call JSON, or a [{role, content}] list');
  });
});
