import { DEMO_NOTE } from '../../src-shared/run/demo.js';

/** "demo" next to a run that ran on the scripted model: its passes come from a file, not a model. */
export function DemoBadge() {
  return (
    <span className="badge demo-badge" title={DEMO_NOTE} data-testid="demo-badge">
      demo
    </span>
  );
}

/** The sentence under a demo run's header, with what to do instead. */
export function DemoNotice({ onRealModel }: { onRealModel?: () => void }) {
  return (
    <div className="notice demo-notice" role="note" data-testid="demo-notice">
      <strong>Demo run.</strong> It ran on the scripted model: the agent's replies, the caller's lines and the judge's
      scores come from a file written for the example, so these passes and failures say nothing about your agent.{' '}
      {onRealModel && (
        <button type="button" className="link-button" onClick={onRealModel}>
          Run it on a real model
        </button>
      )}
    </div>
  );
}
