import { TestSuite } from '../../src-shared/schemas/index.js';
import { detectDocument } from './detect.js';
import { importerFor, SUITE_IMPORTERS } from './registry.js';
import { formatPath } from './shared/json-path.js';
import { zodIssuesToIssues } from './shared/zod-issues.js';
import {
  AGENT_FORMATS,
  ImportContext,
  type AgentFormat,
  type AgentImporter,
  type Issue,
  type SuiteFormat,
  type SuiteImporter,
} from './types.js';
import { validateGraphWith } from './validate/index.js';
import { dropDanglingTransitions } from './drop-dangling.js';
import { SourcePaths } from './shared/source-paths.js';
import { protoKeyIssues, suitePathIssues } from './validate/rules-hostile.js';
import { ownFileKeyIssues } from './validate/rules-unknown-keys.js';
import type { SourceDocument } from './input/text-document.js';
import {
  nameFromFile,
  type DanglingAdvice,
  type DroppedEdge,
  type ParseOptions,
  type ParseResult,
} from './parse-types.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';

/**
 * The part of reading a file after it was parsed into a document (JSON, Python module, workbook):
 * format detection, the format's own shape check, mapping to Parley's model, then the one validator.
 */
export function parseDocument(
  doc: SourceDocument,
  fileName: string,
  opts: ParseOptions,
  bytes: number,
  warnings: Issue[],
): ParseResult {
  const file = fileName;
  const err = (p: string, message: string): Issue => ({ severity: 'error', file, path: p, message });
  const json = doc.value;
  if (doc.input === 'json') {
    const protoKeys = protoKeyIssues(json, file);
    if (protoKeys.length) return { ok: false, errors: protoKeys, warnings };
  }

  let importer: AgentImporter | SuiteImporter | undefined;
  let kind: 'agent' | 'suite';
  if (opts.format) {
    importer = importerFor(opts.format);
    if (!importer) return { ok: false, errors: [err('', `unknown format ${JSON.stringify(opts.format)}`)], warnings };
    kind = SUITE_IMPORTERS.includes(importer as SuiteImporter) ? 'suite' : 'agent';
    const wants = kind === 'agent' ? ((importer as AgentImporter).input ?? 'json') : 'json';
    if (wants !== doc.input)
      return {
        ok: false,
        errors: [err('', `a ${doc.input} file cannot be read as ${opts.format}; expected a ${wants} file for it`)],
        warnings,
      };
  } else {
    const d = detectDocument(doc);
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
  const keyIssues = ownFileKeyIssues(format, mapped, file, (p) => ctx.paths.get(p));
  warnings.push(...[...ctx.issues, ...keyIssues].filter((i) => i.severity === 'warning'));
  const importErrors = [...ctx.issues, ...keyIssues].filter((i) => i.severity === 'error');

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
  const read = validateGraphWith(mapped, validateOpts);
  // the graph without its transitions to missing nodes, validated: used with dropDangling, advised without
  let pruned: { result: typeof read; dropped: DroppedEdge[] } | undefined;
  if (read.graph) {
    const p = dropDanglingTransitions(read.graph);
    if (p.dropped.length) {
      // paths in the pruned graph still point into the file: indexes after a dropped transition shift back
      const sourcePaths = SourcePaths.rule((path) => ctx.paths.get(p.originalPath(path)));
      pruned = {
        result: validateGraphWith(p.graph, { ...validateOpts, sourcePaths }),
        dropped: p.dropped.map((d) => ({ ...d, path: ctx.paths.get(d.graph_path) })),
      };
    }
  }
  const result = opts.dropDangling && pruned ? pruned.result : read;
  const dropped = opts.dropDangling ? pruned?.dropped : undefined;
  const left = opts.dropDangling ? undefined : pruned;
  const dangling: DanglingAdvice = {
    count: left?.dropped.length ?? 0,
    enough: !!left && !importErrors.length && !left.result.errors.length && !!left.result.graph,
  };
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
  if (errors.length || !graph)
    return { ok: false, kind, format, errors, warnings, ...(graph ? { graph, dangling } : {}) };
  if (!(AGENT_FORMATS as readonly string[]).includes(format)) throw new Error(`unexpected format ${format}`);
  return { ok: true, kind: 'agent', graph, format: format as AgentFormat, warnings, ...(dropped ? { dropped } : {}) };
}
