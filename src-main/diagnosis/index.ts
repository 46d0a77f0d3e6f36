/**
 * Diagnosing failed conversations and proposing fixes (docs/fix.md): the prompts, the bounded
 * schemas and the one structured call of each step, the edits as data and how they apply to a graph.
 * The use cases (sessions, re-runs, verdicts, the auto-fix loop) are in src-main/app/fix/.
 */
export { diagnoseFailure, diagnosisSchema, diagnosisPrompt, type DiagnoseInput } from './diagnose.js';
export { proposeFix, proposalSchema, proposalPrompt, type ProposeInput, type Attempt } from './propose.js';
export { applyEdits, resolveEdits, editKey, editLabel, type EditProblem } from './edits.js';
export { transitionsInvolved } from './structural.js';
export { failureLines } from './evidence.js';
