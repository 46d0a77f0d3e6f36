/**
 * Vapi Evals (`chat.mockConversation`) as checkpoint tests (issue 34), through the real CLI in process: detected
 * like every test format, validated with what is not mapped listed by JSON path, run on the bundled example agent
 * (scripted model) with no caller call; a bad eval is refused with the path, changing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
const file = path.join(root, 'tests/fixtures/formats/vapi-evals/booking.json');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-vapi-evals-'));
const db = path.join(dir, 'p.db');

describe('Vapi Evals import', () => {
  it('validates, listing what is not mapped with its JSON path', async () => {
    const out = await parleyInProcess('validate', file);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('ok: suite "Booking finds a slot" (vapi-evals, 2 tests)');
    expect(out.stdout).toContain(
      'warning messages[4]: not mapped: a system message inside the conversation (the agent prompt comes from the agent)',
    );
    expect(out.stdout).toContain("warning messages[3].judgePlan.model: not mapped: the judge's model");
  });

  it('runs each assistant checkpoint as one checkpoint test: regex and tool call as checks, ai as a metric', async () => {
    const out = await parleyInProcess(
      'run',
      '--agent',
      ex('agent.json'),
      '--tests',
      file,
      '--agent-model',
      `scripted:${ex('scripted-model.json')}`,
      '--json',
      '--db',
      db,
    );
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout) as RunReport;
    const [first, second] = report.results;
    expect(first.test).toBe('Booking finds a slot: checkpoint 1');
    expect([...first.assertions, ...first.rules].map((c) => [c.kind, c.passed])).toEqual([
      ['checkpoint.tool_call', true],
      ['pattern', true],
    ]);
    // the tool response of the eval answers the step's find_slots call
    expect(first.tools_called[0]).toMatchObject({ name: 'find_slots', mocked: true, result: { available_count: 2 } });
    expect(second.metrics.map((m) => m.criterion)).toEqual(['Pass if the agent offers a slot and asks to confirm it.']);
    // the second checkpoint's history holds the caller's line and the tool's answer
    expect(second.checkpoint?.given_turns).toBe(2);
  });

  it('refuses an unknown judge plan and a tool call without a name, with their paths', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({
        type: 'chat.mockConversation',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', judgePlan: { type: 'fuzzy', content: 'x' } },
          { role: 'assistant', judgePlan: { type: 'exact', toolCalls: [{ arguments: {} }] } },
          { role: 'robot', content: 'x' },
        ],
      }),
    );
    const out = await parleyInProcess('validate', bad);
    expect(out.code).toBe(1);
    expect(out.stdout + out.stderr).toMatch(/messages\[3\]\.role/);
    fs.writeFileSync(
      bad,
      JSON.stringify({
        type: 'chat.mockConversation',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', judgePlan: { type: 'fuzzy', content: 'x' } },
          { role: 'assistant', judgePlan: { type: 'exact', toolCalls: [{ arguments: {} }] } },
        ],
      }),
    );
    const again = await parleyInProcess('validate', bad);
    expect(again.code).toBe(1);
    const text = again.stdout + again.stderr;
    expect(text).toContain('messages[1].judgePlan.type: expected "exact", "regex" or "ai", got "fuzzy"');
    expect(text).toContain('messages[2].judgePlan.toolCalls[0].name: a tool call needs a name');
  });
});
