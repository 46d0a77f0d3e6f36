/**
 * THE layer table (eslint-rules/layer-table.js), typed for the tests: the lint rule and the import-graph test
 * read the same table. Loaded by a path in a variable because the project's TypeScript does not check .js files.
 */
export interface LayerTable {
  ABOVE_THE_ROOMS: string[];
  DOORS: string[];
  ROOMS_BEHIND_THE_DOOR: string[];
  MAY_IMPORT: Record<string, string[]>;
  placeOf(repoPath: string): string | undefined;
  roomOf(place: string): string;
  matches(place: string, pattern: string): boolean;
  allowedFor(from: string): string[];
  mayImport(from: string, to: string): boolean;
}

const tablePath = '../../eslint-rules/layer-table.js';
export const layerTable = (await import(tablePath)) as LayerTable;
