import type { Issue } from '../types.js';
import type { SourcePaths } from '../shared/source-paths.js';

/** Collects validator findings, translating graph paths to paths in the source file. */
export class Reporter {
  readonly issues: Issue[] = [];

  constructor(
    private readonly file: string,
    private readonly paths?: SourcePaths,
  ) {}

  where(graphPath: string): string {
    return this.paths ? this.paths.get(graphPath) : graphPath;
  }

  error(graphPath: string, message: string): void {
    this.issues.push({ severity: 'error', file: this.file, path: this.where(graphPath), message });
  }

  warn(graphPath: string, message: string): void {
    this.issues.push({ severity: 'warning', file: this.file, path: this.where(graphPath), message });
  }

  /** For findings that already carry a source path. */
  errorAtSource(sourcePath: string, message: string): void {
    this.issues.push({ severity: 'error', file: this.file, path: sourcePath, message });
  }
}

/** `"a", "b", "c" and 4 more` — keeps messages readable on big graphs. */
export function listIds(ids: readonly string[], max = 8): string {
  const shown = ids
    .slice(0, max)
    .map((i) => JSON.stringify(i))
    .join(', ');
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown || '(none)';
}
