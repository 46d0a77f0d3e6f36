/** Per-endpoint load and errors stored with the run (EndpointStatsRecord[] JSON). */
export const sql = `
ALTER TABLE runs ADD COLUMN endpoint_stats_json TEXT;
`;
