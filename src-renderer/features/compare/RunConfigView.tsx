import type { RunConfig } from '../../../src-shared/contract/compare-shapes.js';

const ROLES = ['agent', 'caller', 'judge'] as const;

/**
 * A run's configuration in full: the model each role ran on (a caller or judge the run did not name is
 * the agent model, marked "same as agent"), its parameters, the speech settings and the run options. `highlight`: fields that differ from the
 * other run(s), as `compare` names them ("agent model parameters context_size", "repeats").
 */
export function RunConfigView({ config, highlight }: { config: RunConfig; highlight: Set<string> }) {
  const hot = (field: string) => (highlight.has(field) ? 'cfg-differs' : '');
  const options = Object.entries(config.options);
  return (
    <dl className="run-config small" data-testid="run-config">
      {ROLES.map((role) => {
        const r = config[role];
        const params = Object.entries(r?.params ?? {});
        return (
          <div key={role} className="cfg-row">
            <dt className="muted">{role}</dt>
            <dd>
              <span className={hot(`${role} model`)}>
                {!r ? (
                  'none'
                ) : role !== 'agent' && r.inherited ? (
                  <>
                    {r.label} <span className="muted">(same as agent)</span>
                  </>
                ) : (
                  r.label
                )}
              </span>
              {(role === 'agent' || !r?.inherited) &&
                params.map(([k, v]) => (
                  <span key={k} className={`cfg-param ${hot(`${role} model parameters ${k}`)}`}>
                    {' '}
                    · {k} {v}
                  </span>
                ))}
            </dd>
          </div>
        );
      })}
      {Object.keys(config.speech ?? {}).length > 0 && (
        <div className="cfg-row">
          <dt className="muted">speech</dt>
          <dd>
            {Object.entries(config.speech).map(([k, v], i) => (
              <span key={k} className={hot(k)}>
                {i ? ' · ' : ''}
                {k} {v}
              </span>
            ))}
          </dd>
        </div>
      )}
      {(options.length > 0 || highlight.has('agent version')) && (
        <div className="cfg-row">
          <dt className="muted">run</dt>
          <dd>
            {options.map(([k, v], i) => (
              <span key={k} className={hot(k)}>
                {i ? ' · ' : ''}
                {k} {v}
              </span>
            ))}
            {highlight.has('agent version') && (
              <span className="cfg-differs">
                {options.length ? ' · ' : ''}agent {config.agent_version}
              </span>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
