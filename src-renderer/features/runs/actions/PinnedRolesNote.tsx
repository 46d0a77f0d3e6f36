import type { RunSetup } from './run-setup.js';

/**
 * "Run on another model" says what stays: the simulated caller and the judge keep the models the source
 * run used, so the new run differs from it in the agent model only and its scores compare (issue 24).
 */
export function PinnedRolesNote({ setup }: { setup: RunSetup | undefined }) {
  const p = setup?.pinned;
  if (!p) return null;
  return (
    <p className="info-box small" data-testid="pinned-roles">
      The simulated caller stays on <strong>{p.caller}</strong> and the judge on <strong>{p.judge}</strong>, the models
      run <span className="mono">{p.run}</span> used, so only the agent model changes and the scores can be compared.
      Choose other models for them below to compare something else.
    </p>
  );
}
