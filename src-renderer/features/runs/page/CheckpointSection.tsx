import type { Result } from '../../../../src-shared/schemas/run.js';
import { turnRef } from '../../../../src-shared/text/turn-number.js';

const KIND_TEXT: Record<string, string> = {
  'checkpoint.next_node': 'next node',
  'checkpoint.tool_call': 'tool call',
  'checkpoint.no_tool_call': 'no tool call',
  'checkpoint.variables': 'variables',
  includes: 'includes',
  excludes: 'excludes',
  pattern: 'pattern',
  unmocked_tool: 'unmocked tool',
};

/**
 * A checkpoint test's result (issue 34): where the given history ends and the one step begins, the node it
 * started on and ended on, and each check with its verdict and reason.
 */
export function CheckpointSection({ r, names }: { r: Result; names: Map<string, string> }) {
  const cp = r.checkpoint;
  if (!cp) return null;
  const name = (id: string) => names.get(id) ?? id;
  const stepTurns = r.transcript.length - cp.given_turns;
  const checks = [...r.assertions, ...r.rules];
  return (
    <section className="checkpoint-section" data-testid="checkpoint-section" aria-label="Checkpoint">
      <h4>Checkpoint: one agent step</h4>
      <p className="muted small">
        Given history: {cp.given_turns ? `${turnRef(0)}–${turnRef(cp.given_turns - 1)}` : 'none'} · the step:{' '}
        {stepTurns ? `${turnRef(cp.given_turns)}–${turnRef(r.transcript.length - 1)}` : 'no turn'} · started on{' '}
        <strong>{name(cp.start_node)}</strong>, ended on <strong>{name(cp.end_node)}</strong>
      </p>
      <ul className="checkpoint-checks">
        {checks.map((c, i) => (
          <li key={i} className={c.passed ? 'check-pass' : 'check-fail'} data-testid="checkpoint-check">
            <strong>{c.passed ? 'pass' : 'FAIL'}</strong> {KIND_TEXT[c.kind] ?? c.kind} <code>{c.target}</code>:{' '}
            {c.message}
          </li>
        ))}
        {r.metrics.map((m) => (
          <li key={m.criterion} className={m.passed ? 'check-pass' : 'check-fail'} data-testid="checkpoint-check">
            <strong>{m.passed ? 'pass' : 'FAIL'}</strong> metric <code>{m.criterion}</code>: {m.score.toFixed(2)} (
            {m.threshold.toFixed(2)} needed) {m.reasoning}
          </li>
        ))}
      </ul>
    </section>
  );
}
