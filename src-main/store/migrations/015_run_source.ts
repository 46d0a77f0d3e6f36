/**
 * The run a run was started from ("Run again", "Run on another model" in the app; issue 24), so
 * "Compare…" on it uses that run as the baseline A instead of guessing. Not a foreign key: the
 * source may be deleted later and the link then simply names a run that is gone.
 */
export const sql = `
ALTER TABLE runs ADD COLUMN source_run_id TEXT;
`;
