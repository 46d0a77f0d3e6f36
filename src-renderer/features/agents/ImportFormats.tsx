import { useApi } from '../../api/hooks.js';
import { importFormatsText } from './import-formats.js';

/** The list inline, for the welcome and Agents pages; "any supported format" while it loads. */
export function ImportFormats() {
  const formats = useApi('formats.list', {}, { staleTime: Infinity, retry: false });
  return <span data-testid="import-formats">{importFormatsText(formats.data) ?? 'any supported format'}</span>;
}
