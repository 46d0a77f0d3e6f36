import { describe, expect, it } from 'vitest';
import { findingChecks, findingAt } from '../../../../../src-main/engine/judge/redteam/finding.js';
import {
  leakFinding,
  leakFindings,
  leaksByTurn,
} from '../../../../../src-renderer/features/runs/page/leak-findings.js';

describe("a result's red-team findings, for the result page's marks and flags", () => {
  // stored as the detectors store them: turn from 1, stored index = turn - 1
  const checks = [
    ...findingChecks('redteam.prompt_leak', '8 consecutive prompt words', [
      findingAt('prompt_words', 4, 'you are the receptionist of Maple Street Clinic'),
    ]),
    ...findingChecks('redteam.pii_leak', 'canaries', [
      findingAt('canary', 4, 'ZEBRA-7741'),
      findingAt('personal_data', 6, 'ann@corp.com'),
    ]),
    ...findingChecks('redteam.tool_policy', 'book after identify', []),
    ...findingChecks('redteam.tool_policy', 'book after identify', [
      findingAt('tool_policy', null, 'book called and identify never visited'),
    ]),
    { kind: 'tool_called', target: 'book', passed: false, message: 'not called' },
  ];

  it('reads each failed red-team check as its detector, stored turn index and evidence; passed and other checks are none', () => {
    expect(leakFindings(checks)).toEqual([
      { detector: 'prompt_words', index: 4, evidence: 'you are the receptionist of Maple Street Clinic' },
      { detector: 'canary', index: 4, evidence: 'ZEBRA-7741' },
      { detector: 'personal_data', index: 6, evidence: 'ann@corp.com' },
      { detector: 'tool_policy', index: null, evidence: 'book called and identify never visited' },
    ]);
    expect(leakFinding({ kind: 'redteam.pii_leak', target: 'x', passed: true, message: '' })).toBeNull();
  });

  it('groups them by turn for the transcript; a finding with no turn marks none', () => {
    const byTurn = leaksByTurn(leakFindings(checks));
    expect([...byTurn.keys()]).toEqual([4, 6]);
    expect(byTurn.get(4)?.map((l) => l.detector)).toEqual(['prompt_words', 'canary']);
  });
});
