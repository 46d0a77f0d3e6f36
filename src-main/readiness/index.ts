export { readinessTasks, parseTaskFile, type ReadinessTasks } from './tasks.js';
export { runReadinessTask, sameValue, callerVerdict, type AnyTask, type TaskOutcome } from './run-task.js';
export { familyScores, verdicts, speedOf, FIT_ACCURACY, FIT_VALID, WEAK_ACCURACY } from './score.js';
export { MeasuringModel, type MeasuredCall } from './measuring-model.js';
export { schemaMismatch } from './schema-check.js';
