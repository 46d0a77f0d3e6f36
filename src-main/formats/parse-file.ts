import path from 'node:path';
import { TestSuite, type AgentGraph } from '../../src-shared/schemas/index.js';
import { MAX_IMPORT_BYTES } from '../../src-shared/limits.js';
import { detectFormat, importerFor, SUITE_IMPORTERS } from './registry.js';
import { formatPath, joinPath } from './shared/json-path.js';
import { parseJsonText } from './shared/json-text.js';
import { zodIssuesToIssues } from './shared/zod-issues.js';
import {
  AGENT_FORMATS,
  ImportContext,
  type AgentFormat,
  type AgentImporter,
  type DetectedFormat,
  type Issue,
  type SuiteFormat,
  type SuiteImporter,
} from './types.js';
import { validateGraphWith } from './validate/index.js';
import { dropDanglingTransitions, type DroppedTransition } from './drop-dangling.js';
import { SourcePaths } from './shared/source-paths.js';
import { protoKeyIssues, suitePathIssues } from './validate/rules-hostile.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';

export interface ParseOptions {
  /** Refuse files larger than this many bytes (default 10 MB). */
  maxBytes?: number;
  /** Refuse JSON nested deeper than this (default 64). */
  maxDepth?: number;
  /** Skip detection and read the file as this format. */
  format?: DetectedFormat;
  /** Remove transitions to nodes that do not exist before validating (`parley import --drop-dangling`). */
  dropDangling?: boolean;
}

/** A transition `dropDangling` removed, with where it was in the file. */
export interface DroppedEdge extends DroppedTransition {
  /** Path in the source file (`nodes[2].edges[0]`). */
  path: string;
}

export type ParseResult =
  | {
      ok: true;
      kind: 'agent';
      graph: AgentGraph;
      format: AgentFormat;
      warnings: Issue[];
      /** Set with `dropDangling`: what was removed. */
      dropped?: DroppedEdge[];
    }
  | { ok: true; kind: 'suite'; suite: TestSuite; format: SuiteFormat; warnings: Issue[] }
  | {
      ok: false;
      errors: Issue[];
      warnings: Issue[];
      kind?: 'agent' | 'suite';
      format?: DetectedFormat;
      /**
       * The graph as read, when the file parsed and mapped to a graph of the right shape but the graph
       * rules found errors (a dangling transition, an unknown entry node...): it can be fixed in the
       * editor. Absent for parse errors (bad JSON, wrong types), which are plain refusals.
       */
      graph?: AgentGraph;
    };

/** The one import size limit (CLI, app, web mode): see src-shared/limits.ts. */
export const DEFAULT_MAX_BYTES = MAX_IMPORT_BYTES;
export const DEFAULT_MAX_DEPTH = 64;

/** The file name without folder and extension: what an agent or suite is called when its file names nothing. */
export function nameFromFile(fileName: string): string {
  const base = path.basename(fileName);
  return base.replace(/\.(json|jsonc|txt)$/i, '').replace(/\.(vt|agent|flow|suite|tests)$/i, '') || base;
}

/**
 * Reads an agent or test-suite file in any supported format: size and nesting limits, JSON with line
 * and column on syntax errors, format detection, the format's own shape check, mapping to Parley's
 * model, then the one validator. Pure: nothing is stored.
 */
export function parseAgentFile(text: string, fileName: string, opts: ParseOptions = {}): ParseResult {
  const file = fileName;
  const err = (p: string, message: string): Issue => ({ severity: 'error', file, path: p, message });
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    return {
      ok: false,
      errors: [
        err(
          '',
          `file is ${formatBytes(bytes)}, larger than the ${formatBytes(maxBytes)} limit; expected at most ${formatBytes(maxBytes)} (raise it with the maxBytes option)`,
        ),
      ],
      warnings: [],
    };
  }

  const parsed = parseJsonText(text, { maxDepth: opts.maxDepth ?? DEFAULT_MAX_DEPTH });
  if (!parsed.ok) {
    return {
      ok: false,
      errors: [err(parsed.path, `invalid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}`)],
      warnings: [],
    };
  }
  const warnings: Issue[] = parsed.duplicateKeys.map((d) => ({
    severity: 'warning',
    file,
    path: joinPath(d.path, d.key),
    message: `key ${JSON.stringify(d.key)} appears more than once in this object; the last value is used (expected each key once)`,
  }));
  const json = parsed.value;
  const protoKeys = protoKeyIssues(json, file);
  if (protoKeys.length) return { ok: false, errors: protoKeys, warnings };

  let importer: AgentImporter | SuiteImporter | undefined;
  let kind: 'agent' | 'suite';
  if (opts.format) {
    importer = importerFor(opts.format);
    if (!importer) return { ok: false, errors: [err('', `unknown format ${JSON.stringify(opts.format)}`)], warnings };
    kind = SUITE_IMPORTERS.includes(importer as SuiteImporter) ? 'suite' : 'agent';
  } else {
    const d = detectFormat(json);
    if (!d.ok) return { ok: false, errors: [err('', d.message)], warnings };
    importer = d.importer;
    kind = d.kind;
  }
  const format = importer.id;

  const schema = typeof importer.schema === 'function' ? importer.schema(json) : importer.schema;
  const shape = schema.safeParse(json);
  if (!shape.success) {
    return { ok: false, kind, format, errors: zodIssuesToIssues(shape.error, { file, input: json }), warnings };
  }

  const ctx = new ImportContext(file);
  let mapped: unknown;
  try {
    mapped = importer.import(json, ctx); // the original, not zod's copy: it keeps the key order of the file
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      kind,
      format,
      errors: [
        err(
          '',
          `internal error while reading this ${format} file (${message}); this is a Parley bug, please report it with the file`,
        ),
      ],
      warnings,
    };
  }
  warnings.push(...ctx.issues.filter((i) => i.severity === 'warning'));
  const importErrors = ctx.issues.filter((i) => i.severity === 'error');

  if (kind === 'suite') {
    const suiteParse = TestSuite.safeParse(mapped);
    if (!suiteParse.success || importErrors.length) {
      const errors = [
        ...importErrors,
        ...(suiteParse.success
          ? []
          : zodIssuesToIssues(suiteParse.error, { file, input: mapped, mapPath: (s) => ctx.paths.get(formatPath(s)) })),
      ];
      return { ok: false, kind, format, errors, warnings };
    }
    const suite = suiteParse.data;
    const pathErrors = suitePathIssues(suite, file, (p) => ctx.paths.get(p));
    if (pathErrors.length) return { ok: false, kind, format, errors: pathErrors, warnings };
    if (!suite.name) suite.name = nameFromFile(fileName);
    return { ok: true, kind: 'suite', suite, format: format as SuiteFormat, warnings };
  }

  const agentImporter = importer as AgentImporter;
  const validateOpts = {
    file,
    sourcePaths: ctx.paths,
    unattachedGlobalEdges: ctx.unattachedGlobalEdges,
    // Undefined: the validator goes by the graph's source format (also inside Parley JSON).
    logicWithoutElseIsWarning: agentImporter.allowsLogicWithoutElse || undefined,
  };
  let result = validateGraphWith(mapped, validateOpts);
  let dropped: DroppedEdge[] | undefined;
  if (opts.dropDangling && result.graph) {
    const pruned = dropDanglingTransitions(result.graph);
    if (pruned.dropped.length) {
      dropped = pruned.dropped.map((d) => ({ ...d, path: ctx.paths.get(d.graph_path) }));
      // paths in the pruned graph still point into the file: indexes after a dropped transition shift back
      const sourcePaths = SourcePaths.rule((p) => ctx.paths.get(pruned.originalPath(p)));
      result = validateGraphWith(pruned.graph, { ...validateOpts, sourcePaths });
    }
  }
  warnings.push(...result.warnings);
  const limit = agentImporter.sizeLimitBytes;
  if (limit && bytes > limit) {
    warnings.push({
      severity: 'warning',
      file,
      path: '',
      message: `file is ${formatBytes(bytes)}, larger than the ${formatBytes(limit)} the ${format} platform accepts; expected at most ${formatBytes(limit)} before uploading it there`,
    });
  }
  const errors = [...importErrors, ...result.errors];
  const graph = result.graph;
  if (graph && !graph.name) graph.name = nameFromFile(fileName);
  if (errors.length || !graph) return { ok: false, kind, format, errors, warnings, ...(graph ? { graph } : {}) };
  if (!(AGENT_FORMATS as readonly string[]).includes(format)) throw new Error(`unexpected format ${format}`);
  return { ok: true, kind: 'agent', graph, format: format as AgentFormat, warnings, ...(dropped ? { dropped } : {}) };
}
