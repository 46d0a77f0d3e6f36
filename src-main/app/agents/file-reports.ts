import path from 'node:path';
import type { LintReport } from '../../../src-shared/contract/analysis.js';
import type { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { lintGraph } from '../../analysis/lint.js';
import { importFileIntoStore } from '../../formats/import-into-store.js';
import { readAgentFile } from '../../formats/index.js';
import type { DroppedEdge } from '../../formats/parse-file.js';
import type { Issue } from '../../formats/types.js';
import type { Store } from '../../store/index.js';
import { FileRefusal, readFileBoundedSync } from '../../files/bounded-file.js';
import { MAX_IMPORT_BYTES } from '../../../src-shared/limits.js';

export type { Issue } from '../../formats/types.js';

/** What import and validate report per file (also their --json shape). */
export interface FileReport {
  file: string;
  kind?: 'agent' | 'suite';
  id?: string;
  name?: string;
  format?: string;
  nodes?: number;
  tests?: number;
  valid?: boolean;
  errors?: Issue[];
  warnings: Issue[];
  /** Not imported, but the file parsed into a graph whose errors can be fixed (in the app, or with --drop-dangling). */
  fixable?: boolean;
  /** Transitions to missing nodes a fixable file has, and whether dropping them would make it importable. */
  dangling?: { count: number; enough: boolean };
  /** The checklist of an agent file (`validate` with lint). */
  lint?: LintReport;
  /** Transitions removed by --drop-dangling, with their path in the file. */
  dropped?: DroppedEdge[];
}

/** What a file named like this one should be (the importers read .py as LiveKit, .xlsx as XLSForm, the rest as JSON). */
function expectedKind(file: string): string {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.py') return 'a readable Python file (a LiveKit agent)';
  if (ext === '.xlsx') return 'a readable .xlsx workbook (an XLSForm survey)';
  return 'a readable JSON file';
}

/** A file that could not be read, as an issue. */
export function readError(file: string, e: unknown): Issue {
  if (e instanceof FileRefusal && e.code !== 'not_found') {
    const why = e.detail === e.message ? e.message : `it ${e.detail}`;
    return { severity: 'error', file, path: '', message: `cannot read the file: ${why}` };
  }
  const code = e instanceof FileRefusal ? 'ENOENT' : (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a folder'
        : code === 'EACCES'
          ? 'permission denied'
          : (e as Error).message;
  return { severity: 'error', file, path: '', message: `cannot read the file: ${why}; expected ${expectedKind(file)}` };
}

function readBytes(file: string): Uint8Array | Issue {
  try {
    // fstat first: a device, a pipe or a file over the import limit is refused before a byte is read
    return new Uint8Array(readFileBoundedSync(file, { maxBytes: MAX_IMPORT_BYTES, what: 'the file' }));
  } catch (e) {
    return readError(file, e);
  }
}

const isIssue = (x: Uint8Array | Issue): x is Issue => !(x instanceof Uint8Array);

/**
 * `parley import`: one file on this machine into the store (one agent or one suite, its own
 * transaction); a file with errors writes nothing and says whether it can be fixed.
 */
export async function importAgentPath(
  store: Store,
  file: string,
  o: { dropDangling?: boolean } = {},
): Promise<FileReport> {
  const bytes = readBytes(file);
  if (isIssue(bytes)) return { file, errors: [bytes], warnings: [] };
  try {
    const r = await importFileIntoStore(store, bytes, file, { dropDangling: o.dropDangling });
    if (!r.ok)
      return {
        file,
        errors: r.errors,
        warnings: r.warnings,
        // what --drop-dangling would do, from the import just made (the file is not read or parsed again)
        ...(r.fixable ? { fixable: true, dangling: r.dangling ?? { count: 0, enough: false } } : {}),
      };
    return r.kind === 'agent'
      ? {
          file,
          kind: 'agent',
          id: r.id,
          name: r.name,
          format: r.format,
          nodes: r.nodes,
          warnings: r.warnings,
          ...(r.dropped ? { dropped: r.dropped } : {}),
        }
      : { file, kind: 'suite', id: r.id, name: r.name, format: r.format, tests: r.tests, warnings: r.warnings };
  } catch (e) {
    return {
      file,
      errors: [{ severity: 'error', file, path: '', message: `not stored: ${(e as Error).message}` }],
      warnings: [],
    };
  }
}

/**
 * `parley validate`: the import checks of files on this machine without storing anything; with `lint`, the
 * checklist of each agent read against the suite files given with it.
 */
export async function validateAgentPaths(
  files: string[],
  o: { lint?: boolean; promptBudget?: number } = {},
): Promise<FileReport[]> {
  const graphs = new Map<string, AgentGraph>();
  const suites: TestSuite[] = [];
  const reports: FileReport[] = [];
  for (const file of files) {
    const bytes = readBytes(file);
    if (isIssue(bytes)) {
      reports.push({ file, valid: false, errors: [bytes], warnings: [] });
      continue;
    }
    const r = await readAgentFile(bytes, file);
    if (!r.ok) {
      reports.push({ file, valid: false, kind: r.kind, format: r.format, errors: r.errors, warnings: r.warnings });
      continue;
    }
    if (r.kind === 'agent') graphs.set(file, r.graph);
    else suites.push(r.suite);
    reports.push(
      r.kind === 'agent'
        ? {
            file,
            valid: true,
            kind: 'agent',
            name: r.graph.name,
            format: r.format,
            nodes: r.graph.nodes.length,
            errors: [],
            warnings: r.warnings,
          }
        : {
            file,
            valid: true,
            kind: 'suite',
            name: r.suite.name,
            format: r.format,
            tests: r.suite.tests.length,
            errors: [],
            warnings: r.warnings,
          },
    );
  }
  if (!o.lint) return reports;
  return reports.map((r) => {
    const graph = graphs.get(r.file);
    if (!graph) return r;
    const lint = lintGraph(graph, { suites: suites.length ? suites : undefined, promptBudget: o.promptBudget });
    return { ...r, lint: { ...lint, suites_checked: suites.length } };
  });
}
