import { existsSync, statSync } from 'node:fs';
import { FileRefusal, readImportText } from './input-files.js';
import type { AgentGraph } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { parseAgentFile, type ParseOptions } from '../formats/parse-file.js';
import type { DetectedFormat, Issue } from '../formats/types.js';
import { resolveAgentVersion } from './resolve.js';

export interface ResolvedAgent {
  graph: AgentGraph;
  /** `store`: a stored agent (latest version); `file`: read from a file on the fly, not stored. */
  from: 'store' | 'file';
  name: string;
  id?: string;
  versionId?: string;
  version?: number;
  file?: string;
  format?: DetectedFormat;
  warnings: Issue[];
}

/** Why an agent reference could not be resolved; `issues` holds the file's errors when it was a file. */
export class AgentRefError extends Error {
  constructor(
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
    this.name = 'AgentRefError';
  }
}

export function isFilePath(ref: string): boolean {
  try {
    return existsSync(ref) && statSync(ref).isFile();
  } catch {
    return false;
  }
}

/**
 * What `<agent>` means on the command line (and for the run command): an agent id, a unique agent
 * name, or the path of an agent file (imported in memory, nothing stored). A path that exists and
 * looks like one (has a folder separator or a .json extension) wins over a stored name.
 */
export function resolveAgent(ref: string, opts: { store?: Store; parse?: ParseOptions } = {}): ResolvedAgent {
  const looksLikePath = /[\\/]/.test(ref) || /\.json$/i.test(ref);
  if (looksLikePath && isFilePath(ref)) return fromFile(ref, opts.parse);
  if (opts.store) {
    const found = opts.store.agents.find(ref);
    if (found) {
      const { version: v } = resolveAgentVersion(opts.store, found.id);
      return {
        graph: v.graph,
        from: 'store',
        name: found.name,
        id: found.id,
        versionId: v.id,
        version: v.version,
        format: v.source_format as DetectedFormat,
        warnings: [],
      };
    }
  }
  if (isFilePath(ref)) return fromFile(ref, opts.parse);
  throw new AgentRefError(
    `agent ${JSON.stringify(ref)} not found: ${opts.store ? 'no stored agent has this id or name, and ' : ''}no file has this path (expected an agent id, a unique agent name, or an agent file)`,
  );
}

function fromFile(file: string, parse?: ParseOptions): ResolvedAgent {
  let text: string;
  try {
    text = readImportText(file);
  } catch (e) {
    if (e instanceof FileRefusal) throw new AgentRefError(e.message);
    throw e;
  }
  const r = parseAgentFile(text, file, parse);
  if (!r.ok)
    throw new AgentRefError(
      `${file} cannot be read as an agent (${r.errors.length} error${r.errors.length === 1 ? '' : 's'}): ${r.errors[0]?.path ? `${r.errors[0].path}: ` : ''}${r.errors[0]?.message ?? ''}`,
      r.errors,
    );
  if (r.kind !== 'agent') throw new AgentRefError(`${file} is a test suite (${r.format}); expected an agent file`);
  return { graph: r.graph, from: 'file', name: r.graph.name, file, format: r.format, warnings: r.warnings };
}
