import type { AgentGraph } from '../../src-shared/schemas/index.js';
import type { Store } from '../store/index.js';
import { importNote } from './import-into-store.js';
import { importerFor } from './registry.js';
import type { AgentImporter, DetectedFormat, Issue } from './types.js';
import { validateGraph } from './validate/index.js';

export type FixedImportResult =
  | { ok: true; id: string; name: string; version_id: string; nodes: number; warnings: Issue[] }
  | { ok: false; errors: Issue[]; warnings: Issue[] };

/**
 * Stores a graph that was imported with problems and then fixed (in the editor): validated like any
 * import of its format, created as a new agent whose version 1 notes the file it came from. A graph
 * that still has errors is refused and nothing is written.
 */
export function storeFixedImport(
  store: Store,
  input: { graph: AgentGraph; file: string; format: string },
): FixedImportResult {
  // Same leniency as importing from that format (Retell accepts a logic node without else).
  const importer = importerFor(input.format as DetectedFormat) as AgentImporter | undefined;
  const r = validateGraph(input.graph, undefined, {
    file: input.file,
    logicWithoutElseIsWarning: importer?.allowsLogicWithoutElse || undefined,
  });
  if (r.errors.length || !r.graph) return { ok: false, errors: r.errors, warnings: r.warnings };
  const graph = r.graph;
  const { agent, version } = store.transaction(() =>
    store.agents.create(graph, {
      name: graph.name,
      note: importNote(input.file, input.format, 'problems fixed in the editor before saving'),
    }),
  );
  return {
    ok: true,
    id: agent.id,
    name: agent.name,
    version_id: version.id,
    nodes: graph.nodes.length,
    warnings: r.warnings,
  };
}
