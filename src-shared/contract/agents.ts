import { z } from 'zod';
import { AgentGraph, FormatId } from '../schemas/index.js';
import { EXPORT_FORMATS } from '../formats/format-ids.js';
import { method } from './define.js';

/** In the order the store reads them (a method's answer is in its schema's order: `parley agents list --json`). */
export const AgentSummary = z.object({
  id: z.string(),
  name: z.string(),
  latest_version_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  source_format: z.string(),
  node_count: z.number().int(),
});
export const AgentVersionMeta = z.object({
  id: z.string(),
  agent_id: z.string(),
  version: z.number().int(),
  content_hash: z.string(),
  source_format: z.string(),
  note: z.string(),
  created_at: z.string(),
  /** The version a fix made this one from (docs/fix.md): its changes are shown against that one. */
  parent_version_id: z.string().nullable().optional(),
});
export const ValidationIssue = z.object({
  severity: z.enum(['error', 'warning']),
  file: z.string().optional(),
  path: z.string(),
  message: z.string(),
  /** Node / transition the issue belongs to, for showing it on the canvas. */
  node_id: z.string().optional(),
  transition_id: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ImportFileOutcome = z.object({
  file: z.string(),
  ok: z.boolean(),
  kind: z.enum(['agent', 'suite']).optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  format: z.string().optional(),
  nodes: z.number().int().optional(),
  warnings: z.array(ValidationIssue).default([]),
  errors: z.array(ValidationIssue).default([]),
  /**
   * Not imported, but the file parsed into a graph whose problems (a transition to a missing node, an
   * unknown entry node...) can be fixed in the editor; nothing was written. Absent for parse errors.
   */
  fixable: z.object({ graph: AgentGraph, format: z.string() }).optional(),
});
export type ImportFileOutcome = z.infer<typeof ImportFileOutcome>;

/** Formats an agent can be written to: the format table's rows with an export. */
export { EXPORT_FORMATS };
export const ExportFormat = z.enum(EXPORT_FORMATS);

/** A problem of a file on this machine, as `parley import` reports it (the file it is in, its JSON path). */
export const FileIssue = z.object({
  severity: z.enum(['error', 'warning']),
  file: z.string(),
  path: z.string(),
  message: z.string(),
});

/** What `agents.importFiles` reports per file (also `parley import --json`). */
export const FileImportReport = z.object({
  file: z.string(),
  kind: z.enum(['agent', 'suite']).optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  format: z.string().optional(),
  nodes: z.number().int().optional(),
  tests: z.number().int().optional(),
  errors: z.array(FileIssue).optional(),
  warnings: z.array(FileIssue),
  /** Not imported, but the file parsed into a graph whose errors can be fixed (in the app, or with drop_dangling). */
  fixable: z.boolean().optional(),
  /** Transitions to missing nodes a fixable file has, and whether dropping them would make it importable. */
  dangling: z.object({ count: z.number().int(), enough: z.boolean() }).optional(),
  /** Transitions removed by drop_dangling, with their path in the file and in the graph. */
  dropped: z
    .array(
      z.object({
        node_id: z.string(),
        transition_id: z.string(),
        target: z.string(),
        graph_path: z.string(),
        path: z.string(),
      }),
    )
    .optional(),
});

const Id = z.object({ id: z.string().min(1) });

export const agentMethods = {
  'agents.list': method('All agents, most recently updated first', z.object({}).default({}), z.array(AgentSummary)),
  'agents.get': method(
    'One agent with a version of its graph (latest by default) and its version list',
    z.object({ id: z.string().min(1), version_id: z.string().optional() }),
    z.object({
      agent: AgentSummary,
      version: AgentVersionMeta,
      graph: AgentGraph,
      versions: z.array(AgentVersionMeta),
    }),
  ),
  'agents.create': method(
    'Create an agent from a graph',
    z.object({ graph: AgentGraph, name: z.string().optional() }),
    z.object({ agent: AgentSummary, version: AgentVersionMeta }),
  ),
  'agents.save': method(
    'Save a new immutable version (no new version when nothing changed)',
    z.object({ id: z.string().min(1), graph: AgentGraph, note: z.string().default('') }),
    z.object({ version: AgentVersionMeta, created: z.boolean() }),
  ),
  'agents.delete': method(
    'Delete an agent and its versions (force: with its runs)',
    Id.extend({ force: z.boolean().default(false) }),
    z.object({ deleted_runs: z.number().int() }),
  ),
  'agents.validate': method(
    'Validate a graph (errors and warnings)',
    z.object({ graph: AgentGraph }),
    z.array(ValidationIssue),
  ),
  'agents.import': method(
    'Import agent or test-suite files (each file in its own transaction)',
    z.object({
      files: z
        .array(
          z
            .object({
              name: z.string().min(1),
              /** The file's text (JSON, Python source). */
              text: z.string().optional(),
              /** The file's bytes in base64, for binary files (XLSForm .xlsx). */
              base64: z.string().optional(),
            })
            .refine((f) => (f.text === undefined) !== (f.base64 === undefined), {
              error: 'expected exactly one of text (a text file) and base64 (a binary file such as an .xlsx)',
            }),
        )
        .min(1),
    }),
    z.array(ImportFileOutcome),
  ),
  'agents.importFiles': method(
    'Import agent or test-suite files by path (each file in its own transaction; drop_dangling removes transitions to missing nodes first); the command line only (the app sends their contents to agents.import)',
    z.object({ files: z.array(z.string().min(1)).min(1), drop_dangling: z.boolean().optional() }),
    z.array(FileImportReport),
  ),
  'agents.importFixed': method(
    'Create an agent from an imported graph fixed in the editor (refused, nothing written, while it has errors)',
    z.object({ graph: AgentGraph, file: z.string().min(1), format: z.string().min(1) }),
    z.object({ agent: AgentSummary, version: AgentVersionMeta, warnings: z.array(ValidationIssue) }),
  ),
  'agents.export': method(
    'Export an agent version to a format',
    z.object({ id: z.string().min(1), version_id: z.string().optional(), format: ExportFormat }),
    z.object({
      text: z.string(),
      filename: z.string(),
      dropped: z.array(z.object({ path: z.string(), feature: z.string(), reason: z.string() })),
    }),
  ),
  'agents.exportRef': method(
    'Export an agent named by reference (a file where the door may read files, a stored id or a unique name), with what the format drops and holds differently',
    z.object({ agent: z.string().min(1), format: ExportFormat }),
    z.object({
      name: z.string(),
      text: z.string(),
      dropped: z.array(z.object({ path: z.string(), feature: z.string(), reason: z.string() })),
      warnings: z.array(z.string()),
    }),
  ),
  'agents.graphDiff': method(
    'Readable change list between two versions of an agent',
    z.object({ from_version_id: z.string().min(1), to_version_id: z.string().min(1) }),
    z.unknown(),
  ),
};

export { FormatId };
