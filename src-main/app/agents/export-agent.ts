import { listedFormats } from '../../../src-shared/formats/listed-formats.js';
import { exportAgent, type ExportFormat } from '../../formats/index.js';
import type { Store } from '../../store/index.js';
import { resolveAgentRef, type RefOptions } from '../refs/refs.js';

export { EXPORT_FORMATS, type ExportFormat } from '../../formats/index.js';

/** Every format Parley reads or writes, with what it can do: the format table's rows. */
export const formatsList = listedFormats;

/**
 * An agent (stored, or a file where the door allows files) in another format, with what that format
 * cannot hold (`dropped`) and what it holds differently (`warnings`). Without a store only files are read.
 */
export function exportAgentRef(store: Store | undefined, ref: string, format: ExportFormat, o: RefOptions = {}) {
  const agent = resolveAgentRef(store, ref, o);
  return { name: agent.name, ...exportAgent(agent.graph, format) };
}

/** An agent file in another format, with no database at all (the command line, for a file it names). */
export function exportAgentFile(file: string, format: ExportFormat) {
  return exportAgentRef(undefined, file, format, { files: true });
}
