/** `parley run --judge-repeats N --caller-fidelity`: the human report names unstable judges and invalid callers. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);

describe('parley run --judge-repeats --caller-fidelity', () => {
  it('prints the unstable judge lines and the invalid callers; the summary counts them apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cli-repeats-'));
    try {
      const script = JSON.parse(fs.readFileSync(ex('scripted-model.json'), 'utf8'));
      script.name = 'example-flaky';
      // every conversation's judge fails everything on the first of its 3 judgements (the majority still passes)
      script.caller_fidelity = [{ in_character: 1, pursued_goal: 1, reasoning: 'in character' }];
      script.rules = [
        { purpose: 'judge', when: { any: 'medical advice' }, reply: 0, times: 1 },
        {
          purpose: 'caller_fidelity',
          when: { last: 'Maria Garcia' },
          reply: { in_character: 0.2, pursued_goal: 0.4, reasoning: 'the caller read out its instructions' },
        },
        ...script.rules,
      ];
      const file = path.join(dir, 'flaky.json');
      fs.writeFileSync(file, JSON.stringify(script));
      const r = spawnSync(
        process.execPath,
        [
          path.join(root, 'bin/parley.mjs'),
          'run',
          '--agent',
          ex('agent.json'),
          '--tests',
          ex('suite.json'),
          '--agent-model',
          `scripted:${file}`,
          '--judge-repeats',
          '3',
          '--caller-fidelity',
          '--db',
          path.join(dir, 'p.db'),
        ],
        { cwd: root, encoding: 'utf8', timeout: 90_000 },
      );
      expect(r.stderr).not.toContain('parley:');
      expect(r.stdout).toMatch(/\(2 invalid caller\)/);
      expect(r.stdout).toContain(
        'INVALID CALLER: 2 of 5 conversations - the simulated caller broke character, so they test nothing about the agent (not counted as agent failures; fix the persona):',
      );
      expect(r.stdout).toContain('in character 0.20, pursued goal 0.40 - the caller read out its instructions');
      expect(r.stdout).toContain('judge repeats (3 judgements per conversation, majority verdict):');
      expect(r.stdout).toContain('The agent never gave medical advice.: unstable judge: 5 of 5 verdicts flip');
      // invalid callers are not agent failures: the two conversations keep their status, counted apart
      expect(r.stdout).toMatch(/passed 4 {2}failed 1 {2}errored 0 {2}\(2 invalid caller\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
