/**
 * From a failing test to a fixed agent version (docs/fix.md): the review screen (`/fixes/:id`) and the
 * "Diagnose" button the run page shows on a failed result and on a failure group.
 */
export { FixPage } from './FixPage.js';
export { DiagnoseButton } from './DiagnoseButton.js';
