import type { Result } from '../../../src-shared/schemas/index.js';

/** The invalid-caller lines of a run's human report: conversations whose simulated caller broke character. */
export function invalidCallersText(results: Result[]): string {
  const bad = results.filter((r) => r.caller_invalid);
  const checked = results.filter((r) => r.caller_fidelity).length;
  if (!checked) return '';
  if (!bad.length) return `caller fidelity: every simulated caller stayed in character (${checked} checked)\n`;
  return (
    [
      `INVALID CALLER: ${bad.length} of ${checked} conversations - the simulated caller broke character, so they test nothing about the agent (not counted as agent failures; fix the persona):`,
      ...bad.map(
        (r) =>
          `  ${r.test} #${r.repeat + 1} (${r.status}): in character ${r.caller_fidelity!.in_character.toFixed(2)}, pursued goal ${r.caller_fidelity!.pursued_goal.toFixed(2)} - ${r.caller_fidelity!.reasoning}`,
      ),
    ].join('\n') + '\n'
  );
}
