/**
 * ElevenLabs agent tests (llm and tool) as checkpoint tests (issue 34), through the real CLI in process: detected,
 * validated with what is not mapped listed by JSON path, run on the bundled example agent (scripted model);
 * a bad test is refused with its path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
const file = path.join(root, 'tests/fixtures/formats/elevenlabs-tests/booking.json');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-el-tests-'));

describe('ElevenLabs agent tests import', () => {
  it('validates with the unmapped parts listed, and runs: the tool call checked, the success condition judged', async () => {
    const v = await parleyInProcess('validate', file);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('(elevenlabs-tests, 2 tests), 3 warnings');
    expect(v.stdout).toContain(
      'warning tests[0].tool_call_parameters.parameters[1]: not mapped: a llm parameter check',
    );
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
      path.join(dir, 'p.db'),
    );
    const [tool, llm] = (JSON.parse(out.stdout) as RunReport).results;
    expect(tool.assertions.map((a) => [a.kind, a.passed, a.message])).toEqual([
      [
        'checkpoint.tool_call',
        true,
        'called find_slots({"patient_name":"John Smith","date_of_birth":"January 15, 1985"})',
      ],
      // the file mocks no tool: said, not hidden
      ['unmocked_tool', false, 'no mock or tool message in the history answers find_slots'],
    ]);
    expect(llm.status).toBe('pass');
    expect(llm.metrics[0].criterion).toBe(
      'The agent greets the caller. Replies like these pass: "Hello, this is the clinic.". Replies like these fail: "Goodbye.".',
    );
  });

  it('refuses an llm test without a success condition and a bad role, with their paths', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify([{ type: 'llm', chat_history: [{ role: 'user', message: 'hi' }], success_examples: [] }]),
    );
    const out = await parleyInProcess('validate', bad);
    expect(out.code).toBe(1);
    expect(out.stdout + out.stderr).toContain('[0].success_condition: an llm test needs a success_condition');
    fs.writeFileSync(bad, JSON.stringify({ chat_history: [{ role: 'robot' }], success_condition: 'x' }));
    const role = await parleyInProcess('validate', bad);
    expect(role.code).toBe(1);
    expect(role.stdout + role.stderr).toMatch(/chat_history\[0\]\.role/);
  });
});
