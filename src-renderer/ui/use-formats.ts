import { listedFormats, type ListedFormat } from '../../src-shared/formats/listed-formats.js';
import { useApi } from '../api/hooks.js';

/** The format table as the shared code has it: what the pickers show until `formats.list` answers. */
const BUILT_IN: readonly ListedFormat[] = listedFormats();

/** The formats Parley reads and writes (`formats.list`), the built-in list while it loads or if it fails. */
export function useFormats(): readonly ListedFormat[] {
  const formats = useApi('formats.list', {}, { staleTime: Infinity, retry: false });
  return formats.data ?? BUILT_IN;
}
