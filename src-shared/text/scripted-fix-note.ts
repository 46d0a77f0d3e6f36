import type { Run } from '../schemas/run.js';

/** Said before a fix re-runs anything when the run's agent answered from the scripted model (issue 38, walk item 1). */
export const SCRIPTED_AGENT_FIX_NOTE =
  "the run's agent answered from the scripted model, which replies from a file: an edited prompt changes nothing it says, so the re-runs cannot show whether a fix works. Run the agent on a real model, then fix that run";

/** Whether a fix of this run re-runs its agent on the scripted model. */
export const fixRerunsScripted = (run: Pick<Run, 'models'>): boolean => run.models.agent?.spec.provider === 'scripted';
