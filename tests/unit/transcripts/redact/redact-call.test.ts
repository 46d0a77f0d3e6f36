import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCallText } from '../../../../src-main/transcripts/index.js';
import { exemptWordsFromAgent, redactCall } from '../../../../src-main/transcripts/redact/index.js';

const fixture = (f: string) =>
  parseCallText(f, fs.readFileSync(path.resolve(__dirname, '../../../fixtures/calls', f), 'utf8'));

describe('redactCall', () => {
  it('replaces named fields and the caller number; keeps tool names, order numbers and the agent introducing itself', () => {
    const call = fixture('retell-flow-call.json');
    const { call: out, replaced } = redactCall(call, new Set());
    expect(out.variables).toMatchObject({
      caller_name: '[NAME_1]',
      user_number: '[PHONE_1]',
      clinic_name: 'Bright Smile Dental',
    });
    expect(out.tools_called.map((t) => t.name)).toEqual(call.tools_called.map((t) => t.name));
    expect(out.tools_called.find((t) => t.name === 'book_appointment')?.args).toMatchObject({ name: '[NAME_1]' });
    expect(out.transcript[0].content).toBe(call.transcript[0].content); // "... this is Ava."
    expect(replaced.name).toBeGreaterThan(0);
    const bland = redactCall(fixture('bland-call.json'), new Set()).call;
    expect(bland.variables).toMatchObject({ order_number: 'NW-12345', user_number: '[PHONE_1]' });
  });

  it("the agent's own names come from its graph name and prompts", () => {
    const words = exemptWordsFromAgent(['You are Ava, the receptionist. Ask for Maria if needed.'], ['Sunrise Dental']);
    expect([...words].sort()).toEqual(['ava', 'dental', 'maria', 'sunrise']);
  });
});
