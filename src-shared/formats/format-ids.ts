import { FORMAT_TABLE, type FormatRow, type FormatTableRow } from './format-table.js';

/** The ids of the rows a condition on the table keeps, typed as their literal ids (for `z.enum`, `Record` keys). */
type IdsWhere<Condition> = Extract<FormatTableRow, Condition>['id'];

export type FormatTableId = FormatTableRow['id'];
/** Formats an agent file can be read from. */
export type AgentFormat = IdsWhere<{ import: 'agent' }>;
/** Formats a test-case file can be read from. */
export type SuiteFormat = IdsWhere<{ import: 'suite' }>;
/** Formats an agent can be written to. */
export type ExportFormat = IdsWhere<{ export: object }>;
/** Call log formats `calls.import` reads. */
export type CallFormat = IdsWhere<{ callLog: true }>;
/** What a graph's `source.format` may be: where it was imported from, or drawn in Parley. */
export type SourceFormat = AgentFormat | IdsWhere<{ graphSourceOnly: true }>;

const idsWhere = <Id extends FormatTableId>(keep: (row: FormatRow) => boolean): readonly Id[] =>
  Object.freeze(FORMAT_TABLE.filter(keep).map((row) => row.id as Id));

export const AGENT_FORMATS = idsWhere<AgentFormat>((r) => r.import === 'agent');
export const SUITE_FORMATS = idsWhere<SuiteFormat>((r) => r.import === 'suite');
export const EXPORT_FORMATS = idsWhere<ExportFormat>((r) => r.export !== undefined);
export const CALL_FORMATS = idsWhere<CallFormat>((r) => r.callLog === true);
export const SOURCE_FORMATS = idsWhere<SourceFormat>((r) => r.import === 'agent' || r.graphSourceOnly === true);

/** The file an export to this format writes: its name ending and MIME type. */
export function exportFileOf(format: ExportFormat): { extension: string; mime: string } {
  const row = FORMAT_TABLE.find((r) => r.id === format) as Extract<FormatTableRow, { export: object }>;
  return row.export;
}
