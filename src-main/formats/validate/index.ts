import { AgentGraph } from '../../../src-shared/schemas/index.js';
import type { Issue, UnattachedGlobalEdge } from '../types.js';
import { formatPath } from '../shared/json-path.js';
import type { SourcePaths } from '../shared/source-paths.js';
import { zodIssuesToIssues } from '../shared/zod-issues.js';
import { Reporter } from './reporter.js';
import { checkEdges } from './rules-edges.js';
import { checkFlow } from './rules-flow.js';
import { checkStructure, checkTools } from './rules-structure.js';
import { checkReadOnlyWrites, checkTemplates } from './rules-templates.js';
import { checkSnippetSizes, checkVariablePaths } from './rules-hostile.js';

export interface ValidateOptions {
  /** File name put on every issue. */
  file?: string;
  /** Maps graph paths to paths in the source file (from the importer). */
  sourcePaths?: SourcePaths;
  /** RevRing `__global__` edges whose target is not global (found by the importer, reported here). */
  unattachedGlobalEdges?: readonly UnattachedGlobalEdge[];
  /** The source platform accepts a logic node without an else edge: warn instead of refusing (default: by the graph's source format). */
  logicWithoutElseIsWarning?: boolean;
}

/** Source formats whose platform runs a logic node that has no else edge (Retell exports, voicetest graphs). */
export const LOGIC_WITHOUT_ELSE_ALLOWED: ReadonlySet<string> = new Set(['retell-cf', 'voicetest']);

export interface ValidationResult {
  /** The parsed graph (defaults filled in) when it has the right shape, even if rules found errors. */
  graph?: AgentGraph;
  errors: Issue[];
  warnings: Issue[];
}

/**
 * The one validator every import goes through (and the editor can call on any graph): first the
 * shape (zod, with messages naming the path and what was expected), then the graph rules.
 */
export function validateGraph(
  graph: unknown,
  sourcePaths?: SourcePaths,
  opts: Omit<ValidateOptions, 'sourcePaths'> = {},
): ValidationResult {
  return validateGraphWith(graph, { ...opts, sourcePaths });
}

export function validateGraphWith(graph: unknown, opts: ValidateOptions): ValidationResult {
  const file = opts.file ?? '';
  const parsed = AgentGraph.safeParse(graph);
  if (!parsed.success) {
    const issues = zodIssuesToIssues(parsed.error, {
      file,
      input: graph,
      mapPath: (segments) => (opts.sourcePaths ? opts.sourcePaths.get(formatPath(segments)) : formatPath(segments)),
    });
    return { errors: issues, warnings: [] };
  }
  const g = parsed.data;
  const r = new Reporter(file, opts.sourcePaths);
  checkStructure(g, r, opts.unattachedGlobalEdges);
  checkEdges(g, r, {
    logicWithoutElseIsWarning: opts.logicWithoutElseIsWarning ?? LOGIC_WITHOUT_ELSE_ALLOWED.has(g.source.format),
  });
  checkFlow(g, r);
  checkTools(g, r);
  checkTemplates(g, r);
  checkReadOnlyWrites(g, r);
  checkVariablePaths(g, r);
  checkSnippetSizes(g, r);
  return {
    graph: g,
    errors: r.issues.filter((i) => i.severity === 'error'),
    warnings: r.issues.filter((i) => i.severity === 'warning'),
  };
}
