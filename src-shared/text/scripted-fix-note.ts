import type { Run } from '../schemas/run.js';

/** Said before a fix re-runs anything when the run's agent answered from the scripted model (issue 38, walk item 1). */
export const SCRIPTED_AGENT_FIX_NOTE =
  "the run's agent answered from the scripted model, which replies from a file: an edited prompt changes nothing it says, so the re-runs cannot show whether a fix works. Run the agent on a real model, then fix that run";

/**
 * Said instead when the agent ran on the bundled example's own script (resources/example/scripted-model.json): its
 * rules are written so the example's fix works (docs/fix.md, "The example's fix"), so it must not claim no edit can help.
 */
export const EXAMPLE_SCRIPT_FIX_NOTE =
  "this is the bundled example's scripted demo: the diagnosis, the proposed edit and the judge's scores come from resources/example/scripted-model.json, written so that the edit it proposes makes the failing test pass. It shows how a fix works, not what a real model would do; run the agent on a real model to fix it for real";

/** The bundled example's script, wherever the installation put it (…/example/scripted-model.json). */
export const isExampleScript = (model: string): boolean => /(^|[\\/])example[\\/]scripted-model\.json$/.test(model);

/** Whether a fix of this run re-runs its agent on the scripted model. */
export const fixRerunsScripted = (run: Pick<Run, 'models'>): boolean => run.models.agent?.spec.provider === 'scripted';

/** The note to say before a fix of this run re-runs anything, or undefined when its agent ran on a real model. */
export function scriptedFixNote(run: Pick<Run, 'models'>): string | undefined {
  if (!fixRerunsScripted(run)) return undefined;
  return isExampleScript(run.models.agent!.spec.model) ? EXAMPLE_SCRIPT_FIX_NOTE : SCRIPTED_AGENT_FIX_NOTE;
}
