import type { ListedFormat } from '../../src-shared/formats/listed-formats.js';

/** A format id's short label (the Agents page's source column); the id itself for one the list does not have. */
export function formatLabel(formats: readonly ListedFormat[], id: string): string {
  return formats.find((f) => f.id === id)?.label ?? id;
}

/** JSON saved as a text or markdown file, and JSON by its MIME type: always offered besides the importers' endings. */
const TEXT_FILES = ['.md', '.txt', 'application/json'];

/** The import file picker's `accept`: every ending an importer of an agent or a suite reads. */
export function importAccept(formats: readonly ListedFormat[]): string {
  const endings = formats.filter((f) => f.import).flatMap((f) => f.extensions ?? []);
  return [...new Set([...endings, ...TEXT_FILES])].join(',');
}
