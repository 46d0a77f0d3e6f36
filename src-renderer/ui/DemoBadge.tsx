import { demoNote, scriptedPart, type DemoRole } from '../../src-shared/run/demo.js';

/** "demo" next to a run that ran on the scripted model: its passes come from a file, not a model. */
export function DemoBadge({ roles }: { roles?: DemoRole[] }) {
  const title = roles?.length
    ? demoNote(roles)
    : 'Demo run: at least one role ran on the scripted model, which answers from a file, so its passes and failures are not evidence about the agent.';
  return (
    <span className="badge demo-badge" title={title} data-testid="demo-badge">
      demo
    </span>
  );
}

/** The sentence under a demo run's header, with what to do instead. */
export function DemoNotice({ onRealModel, roles }: { onRealModel?: () => void; roles: DemoRole[] }) {
  const all = roles.length === 3 || roles.length === 0;
  return (
    <div className="notice demo-notice" role="note" data-testid="demo-notice">
      <strong>Demo run.</strong>{' '}
      {all ? 'It ran on the scripted model' : `The ${roles.join(' and ')} ran on the scripted model`}:{' '}
      {scriptedPart(all ? ['agent', 'caller', 'judge'] : roles)} come from a file written in advance, so these passes
      and failures say nothing about your agent.{' '}
      {onRealModel && (
        <button type="button" className="link-button" onClick={onRealModel}>
          Run it on a real model
        </button>
      )}
    </div>
  );
}
