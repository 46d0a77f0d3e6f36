import { listedFormats, type ListedFormat } from '../../src-shared/formats/listed-formats.js';
import { useApi } from '../api/hooks.js';

/** The format table as the shared code has it: what the pickers show until `formats.list` answers. */
const BUILT_IN: readonly ListedFormat[] = listedFormats();

/** The formats Parley reads and writes (`formats.list`), the built-in list while it loads or if it fails. */
export function useFormats(): readonly ListedFormat[] {
  const formats = useApi('formats.list', {}, { staleTime: Infinity, retry: false });
  return formats.data ?? BUILT_IN;
}

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
