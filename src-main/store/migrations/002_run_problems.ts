/** Failure grouping stored with the run (RunProblems JSON). */
export const sql = `
ALTER TABLE runs ADD COLUMN problems_json TEXT;
`;
