import type { PlaygroundMove, PlaygroundStep } from '../../../src-shared/contract/playground.js';

const KIND_LABEL: Record<PlaygroundMove['kind'], string> = {
  entry: 'start',
  start: 'chosen start',
  prompt: 'prompt',
  equation: 'equation',
  else: 'else',
  always: 'always',
  skip: 'skip',
  global: 'global',
  go_back: 'go back',
  jump: 'jump',
};

const SOURCE_LABEL = {
  extracted: 'extracted',
  tool: 'from a tool',
  keypad: 'key pressed',
  set: 'set',
  removed: 'removed',
} as const;

export const short = (v: unknown, max = 80): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

function summary(step: PlaygroundStep): string {
  const parts = [
    step.moves.length ? `${step.moves.length} move${step.moves.length > 1 ? 's' : ''}` : step.stayed ? 'stayed' : '',
    step.variables.length ? `${step.variables.length} variable${step.variables.length > 1 ? 's' : ''}` : '',
    step.tools.length ? `${step.tools.length} tool call${step.tools.length > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'nothing changed';
}

/**
 * Why the agent did what it did in one step: each move (which edge or condition, its kind, the
 * router's reason), a stay with its reason, the router's "none" answers, the variables set and the
 * tools called (mocked or not). A move can be clicked to select its edge on the canvas.
 */
export function DecisionLog({
  step,
  nodeName,
  open,
  onPickMove,
}: {
  step: PlaygroundStep;
  nodeName(id: string): string;
  open: boolean;
  onPickMove?(m: PlaygroundMove): void;
}) {
  const moved = new Set(step.moves.map((m) => m.from));
  const unanswered = step.routes.filter(
    (r) => !r.chosen && !(step.stayed && step.stayed.node === r.node) && !moved.has(r.node),
  );
  return (
    <details className="tp-log" open={open} data-testid="decision-log">
      <summary>
        Why: {summary(step)}{' '}
        <span className="muted">· {step.ms < 1000 ? `${step.ms} ms` : `${(step.ms / 1000).toFixed(1)} s`}</span>
      </summary>
      <ul>
        {step.moves.map((m, i) => {
          const text = (
            <>
              <span className={`tp-kind tp-kind--${m.kind}`}>{KIND_LABEL[m.kind]}</span>
              {m.from ? <>{nodeName(m.from)} → </> : null}
              <strong>{nodeName(m.to)}</strong>
              {m.condition && (
                <>
                  {' '}
                  when <q>{m.condition}</q>
                </>
              )}
              <span className="tp-reason">: {m.reason}</span>
            </>
          );
          return (
            <li key={`m${i}`} data-testid="log-move" data-via={m.via ?? ''}>
              {onPickMove && m.from ? (
                <button
                  type="button"
                  className="tp-linkish"
                  onClick={() => onPickMove(m)}
                  title={m.via ? 'Select this way out on the graph' : 'Show this node on the graph'}
                >
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          );
        })}
        {step.stayed && (
          <li data-testid="log-stay">
            <span className="tp-kind">stayed</span> on <strong>{nodeName(step.stayed.node)}</strong>
            <span className="tp-reason">: {step.stayed.reason}</span>
          </li>
        )}
        {unanswered.map((r, i) => (
          <li key={`r${i}`}>
            <span className="tp-kind">router</span> on {nodeName(r.node)}: none held
            <span className="tp-reason"> — {r.reason}</span>
          </li>
        ))}
        {step.variables.map((v) => (
          <li key={`v${v.name}`} data-testid="log-variable">
            <span className="tp-kind tp-kind--var">{SOURCE_LABEL[v.source]}</span>
            <code>{v.name}</code> = <code>{v.source === 'removed' ? '(removed)' : short(v.value)}</code>
            {v.previous !== undefined && v.source !== 'removed' && (
              <span className="muted"> (was {short(v.previous, 40)})</span>
            )}
            {v.node && <span className="muted"> at {nodeName(v.node)}</span>}
          </li>
        ))}
        {step.tools.map((t, i) => (
          <li key={`t${i}`} data-testid="log-tool" className={t.error ? 'is-error' : ''}>
            <span className={`tp-kind ${t.mocked ? 'tp-kind--mock' : 'tp-kind--nomock'}`}>
              {t.mocked ? 'tool · mock' : 'tool · no mock'}
            </span>
            <code>
              {t.name}({short(t.args, 60)})
            </code>{' '}
            → {t.error ? <span className="error">{t.error}</span> : <code>{short(t.result)}</code>}
          </li>
        ))}
        {step.error && <li className="error">{step.error}</li>}
      </ul>
    </details>
  );
}
