/** Fixing failing tests (docs/fix.md): the use cases and what the doors print. */
export {
  FixService,
  DEFAULT_FIX_REPEATS,
  type FixRequest,
  type DiagnoseOutcome,
  type DiagnoseRequest,
} from './fix-service.js';
export type { FixHooks } from './fix-jobs.js';
export type { FixStepName } from './steps.js';
export { editLabel } from '../../diagnosis/edits.js';
