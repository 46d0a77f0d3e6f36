import type { z } from 'zod';
import type { ImportFileOutcome, ValidationIssue } from '../../../src-shared/contract/agents.js';
import { exportFileOf } from '../../../src-shared/formats/format-ids.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { diffGraphs } from '../../compare/graph-diff.js';
import { exportAgent, validateGraph, type DetectedFormat, type ExportFormat, type Issue } from '../../formats/index.js';
import { importFileIntoStore } from '../../formats/import-into-store.js';
import { importerFor } from '../../formats/registry.js';
import type { AgentImporter } from '../../formats/types.js';
import { storeFixedImport } from '../../formats/store-fixed-import.js';
import type { Store } from '../../store/index.js';
import { AppError, notFound } from '../errors.js';
import { resolveAgentVersion } from '../refs/resolve.js';

/** The node (and transition) a graph path such as `nodes[3].transitions[1].target` points at, so the canvas can badge it. */
export function locateGraphPath(g: AgentGraph, path: string): { node_id?: string; transition_id?: string } {
  const m = /^nodes\[(\d+)\](?:\.transitions\[(\d+)\])?/.exec(path);
  const node = m ? g.nodes[Number(m[1])] : undefined;
  if (!node) return {};
  const t = m?.[2] !== undefined ? node.transitions[Number(m[2])] : undefined;
  return { node_id: node.id, ...(t ? { transition_id: t.id } : {}) };
}

const toIssue = (i: Issue, g?: AgentGraph): ValidationIssue => ({
  severity: i.severity,
  path: i.path,
  message: i.message,
  ...(i.file ? { file: i.file } : {}),
  ...(g ? locateGraphPath(g, i.path) : {}),
});

/** Reads one file (text, or base64 bytes for a spreadsheet) and stores what it holds: one transaction; nothing is written on errors. */
async function importOne(
  store: Store,
  file: { name: string; text?: string; base64?: string },
): Promise<z.input<typeof ImportFileOutcome>> {
  const content = file.base64 !== undefined ? new Uint8Array(Buffer.from(file.base64, 'base64')) : (file.text ?? '');
  const r = await importFileIntoStore(store, content, file.name);
  const warnings = r.warnings.map((i) => toIssue(i));
  if (!r.ok)
    return {
      file: file.name,
      ok: false,
      warnings,
      errors: r.errors.map((i) => toIssue(i)),
      ...(r.fixable ? { fixable: r.fixable } : {}),
    };
  return {
    file: file.name,
    ok: true,
    kind: r.kind,
    id: r.id,
    name: r.name,
    format: r.format,
    ...(r.kind === 'agent' ? { nodes: r.nodes } : {}),
    warnings,
    errors: [],
  };
}

/** Imports files one by one (each in its own transaction); a file with errors is reported and writes nothing. */
export async function importAgentFiles(store: Store, files: { name: string; text?: string; base64?: string }[]) {
  const out = [];
  for (const f of files) out.push(await importOrReport(store, f));
  return out;
}

/** The graph check of the editor, as lenient as importing from the graph's source format. */
export function validateAgentGraph(graph: AgentGraph): ValidationIssue[] {
  // Same leniency as importing from the graph's source format (Retell accepts a logic node without else).
  const importer = importerFor(graph.source.format as DetectedFormat) as AgentImporter | undefined;
  const r = validateGraph(graph, undefined, { logicWithoutElseIsWarning: importer?.allowsLogicWithoutElse });
  return [...r.errors, ...r.warnings].map((i) => toIssue(i, graph));
}

/** "Open in the editor to fix": the fixed graph is stored as the import (a new agent) once it validates. */
export function importFixedGraph(
  store: Store,
  { graph, file, format }: { graph: AgentGraph; file: string; format: string },
) {
  const r = storeFixedImport(store, { graph, file, format: format as DetectedFormat });
  if (!r.ok) {
    const n = r.errors.length;
    throw new AppError({
      code: 'invalid_input',
      message: `not saved: the graph still has ${n} error${n === 1 ? '' : 's'} (${r.errors[0]!.path || 'top level'}: ${r.errors[0]!.message}); nothing was written`,
      file,
      issues: r.errors.map((i) => ({ path: i.path, message: i.message, file })),
    });
  }
  const agent = store.agents.summary(r.id);
  const version = store.agents.getVersion(r.version_id);
  if (!agent || !version) throw notFound(`agent ${r.id}`);
  const { graph: _g, ...meta } = version;
  return { agent, version: meta, warnings: r.warnings.map((i) => toIssue(i, graph)) };
}

/** A stored agent version in another format, with a file name and what the format cannot hold. */
export function exportAgentVersion(store: Store, id: string, versionId: string | undefined, format: ExportFormat) {
  const { agent, version } = resolveAgentVersion(store, id, versionId, { agent: 'id', version: 'version_id' });
  const r = exportAgent(version.graph, format);
  const base = agent.name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'agent';
  return {
    text: r.text,
    filename: `${base}.v${version.version}.${exportFileOf(format).extension}`,
    dropped: [...r.dropped, ...r.warnings.map((w) => ({ path: '', feature: 'note', reason: w }))],
  };
}

/** What changed between two stored versions (the editor's version diff). */
export function graphDiff(store: Store, fromVersionId: string, toVersionId: string) {
  const a = store.agents.getVersion(fromVersionId);
  if (!a) throw notFound(`agent version ${fromVersionId}`);
  const b = store.agents.getVersion(toVersionId);
  if (!b) throw notFound(`agent version ${toVersionId}`);
  return {
    from: { id: a.id, agent_id: a.agent_id, version: a.version },
    to: { id: b.id, agent_id: b.agent_id, version: b.version },
    changes: diffGraphs(a.graph, b.graph),
  };
}

async function importOrReport(store: Store, f: { name: string; text?: string; base64?: string }) {
  try {
    return ImportFileOutcomeOf(await importOne(store, f));
  } catch (e) {
    return ImportFileOutcomeOf({
      file: f.name,
      ok: false,
      warnings: [],
      errors: [{ severity: 'error', file: f.name, path: '', message: `could not store it: ${(e as Error).message}` }],
    });
  }
}

/** Output rows are parsed by dispatch; this only fixes the type (defaults filled there). */
const ImportFileOutcomeOf = (o: z.input<typeof ImportFileOutcome>) => o as z.infer<typeof ImportFileOutcome>;
