import { FileRefusal } from '../files/bounded-file.js';
import type { DroppedEdge } from './parse-file.js';
import type { Issue } from './types.js';

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
  /** What a person can do about a fixable file. */
  hints?: string[];
  /** Transitions removed by --drop-dangling, with their path in the file. */
  dropped?: DroppedEdge[];
}

/** Indented lines for people, errors first: `  error nodes[3].edges[1]: ...`. */
export function issueLines(r: Pick<FileReport, 'errors' | 'warnings'>): string[] {
  return [...(r.errors ?? []), ...r.warnings].map((i) => `  ${i.severity} ${i.path || '(top level)'}: ${i.message}`);
}

/** A file that could not be read, as an issue. */
export function readError(file: string, e: unknown): Issue {
  if (e instanceof FileRefusal)
    return { severity: 'error', file, path: '', message: `cannot read the file: it ${e.detail}` };
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a folder'
        : code === 'EACCES'
          ? 'permission denied'
          : (e as Error).message;
  return { severity: 'error', file, path: '', message: `cannot read the file: ${why}; expected a readable JSON file` };
}
