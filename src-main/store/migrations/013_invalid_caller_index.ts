/**
 * The run summary counts invalid-caller conversations (issue 12, caller fidelity) after every stored
 * result. Without an index that count read every result's JSON of the run, so storing a result cost
 * more the bigger the run (bench/endpoints-1000.ts: 2.6 of 7.2 s of CPU at 1,000 conversations). A
 * partial index holds only the invalid-caller results, keyed by run: the count reads the index alone.
 * The summary's query must keep this WHERE term exactly for SQLite to use it.
 */
export const sql = `
CREATE INDEX results_run_invalid_caller ON results(run_id)
  WHERE json_extract(data_json, '$.caller_invalid') = 1;
`;
