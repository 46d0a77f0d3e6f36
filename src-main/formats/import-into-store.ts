import path from 'node:path';
import type { AgentGraph } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { parseAgentFile, type DroppedEdge, type ParseOptions, type ParseResult } from './parse-file.js';
import type { DanglingAdvice } from './parse-types.js';
import { readAgentFile, type FileContent } from './read-file.js';
import type { AgentFormat, DetectedFormat, Issue } from './types.js';

export type StoreImportResult =
  | {
      ok: true;
      kind: 'agent';
      id: string;
      name: string;
      format: DetectedFormat;
      nodes: number;
      warnings: Issue[];
      /** With `dropDangling`: the transitions removed before storing. */
      dropped?: DroppedEdge[];
    }
  | { ok: true; kind: 'suite'; id: string; name: string; format: DetectedFormat; tests: number; warnings: Issue[] }
  | {
      ok: false;
      errors: Issue[];
      warnings: Issue[];
      /** The file parsed into a graph but the graph has errors: it can be fixed (editor, --drop-dangling). Nothing was stored. */
      fixable?: { graph: AgentGraph; format: AgentFormat };
      /** With `fixable`: what `dropDangling` would do, decided from this parse. */
      dangling?: DanglingAdvice;
    };

/** The note on version 1 of an imported agent: where it came from. */
export function importNote(fileName: string, format: string, extra?: string): string {
  return `imported from ${path.basename(fileName)} (${format})${extra ? `; ${extra}` : ''}`;
}

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
  return storeParsed(store, parseAgentFile(text, fileName, opts), fileName);
}

/** The same for any file content (bytes or text): spreadsheets (XLSForm) are read asynchronously. */
export async function importFileIntoStore(
  store: Store,
  content: FileContent,
  fileName: string,
  opts: ParseOptions = {},
): Promise<StoreImportResult> {
  return storeParsed(store, await readAgentFile(content, fileName, opts), fileName);
}

function storeParsed(store: Store, r: ParseResult, fileName: string): StoreImportResult {
  if (!r.ok) {
    const fixable = r.graph && r.kind === 'agent' ? { graph: r.graph, format: r.format as AgentFormat } : undefined;
    return {
      ok: false,
      errors: r.errors,
      warnings: r.warnings,
      ...(fixable ? { fixable, ...(r.dangling ? { dangling: r.dangling } : {}) } : {}),
    };
  }
  return store.transaction((): StoreImportResult => {
    if (r.kind === 'agent') {
      const dropped = r.dropped?.length;
      const note = importNote(
        fileName,
        r.format,
        dropped ? `dropped ${dropped} transition${dropped === 1 ? '' : 's'} to missing nodes` : undefined,
      );
      const { agent } = store.agents.create(r.graph, { name: r.graph.name, note });
      return {
        ok: true,
        kind: 'agent',
        id: agent.id,
        name: agent.name,
        format: r.format,
        nodes: r.graph.nodes.length,
        warnings: r.warnings,
        ...(r.dropped ? { dropped: r.dropped } : {}),
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
