import path from 'node:path';
import type { Store } from '../store/index.js';
import { parseAgentFile, type ParseOptions } from './parse-file.js';
import type { DetectedFormat, Issue } from './types.js';

export type StoreImportResult =
  | { ok: true; kind: 'agent'; id: string; name: string; format: DetectedFormat; nodes: number; warnings: Issue[] }
  | { ok: true; kind: 'suite'; id: string; name: string; format: DetectedFormat; tests: number; warnings: Issue[] }
  | { ok: false; errors: Issue[]; warnings: Issue[] };

/**
 * Reads a file and stores one agent (a new agent with version 1) or one test suite, in one
 * transaction. On any error nothing is written. An agent or suite whose file names none is named
 * after the file.
 */
export function importIntoStore(
  store: Store,
  text: string,
  fileName: string,
  opts: ParseOptions = {},
): StoreImportResult {
  const r = parseAgentFile(text, fileName, opts);
  if (!r.ok) return { ok: false, errors: r.errors, warnings: r.warnings };
  const note = `imported from ${path.basename(fileName)} (${r.format})`;
  return store.transaction((): StoreImportResult => {
    if (r.kind === 'agent') {
      const { agent } = store.agents.create(r.graph, { name: r.graph.name, note });
      return {
        ok: true,
        kind: 'agent',
        id: agent.id,
        name: agent.name,
        format: r.format,
        nodes: r.graph.nodes.length,
        warnings: r.warnings,
      };
    }
    const doc = store.suites.create(r.suite, r.suite.name);
    return {
      ok: true,
      kind: 'suite',
      id: doc.id,
      name: doc.name,
      format: r.format,
      tests: r.suite.tests.length,
      warnings: r.warnings,
    };
  });
}
