import type { AgentFormat, ExportFormat, SuiteFormat } from '../../src-shared/formats/format-ids.js';
import { FORMAT_TABLE } from '../../src-shared/formats/format-table.js';
import type { z } from 'zod';
import type { AgentGraph, AgentGraphInput, TestSuite, TestSuiteInput } from '../../src-shared/schemas/index.js';
import { SourcePaths } from './shared/source-paths.js';
import { expandSnippets } from './shared/templates.js';

export {
  AGENT_FORMATS,
  SUITE_FORMATS,
  EXPORT_FORMATS,
  type AgentFormat,
  type SuiteFormat,
  type ExportFormat,
} from '../../src-shared/formats/format-ids.js';

export type DetectedFormat = AgentFormat | SuiteFormat;

/** Every format id with the name people know it by (the format table's `name`). */
export const FORMAT_NAMES: Readonly<Record<DetectedFormat | ExportFormat, string>> = Object.fromEntries(
  FORMAT_TABLE.map((r) => [r.id, r.name]),
) as Record<DetectedFormat | ExportFormat, string>;

export type Severity = 'error' | 'warning';

/** One finding about a file: which file, where in it (JSON path in the source), and what was expected. */
export interface Issue {
  severity: Severity;
  file: string;
  path: string;
  message: string;
}

/** A feature an export could not carry into the target format. `path` is in the Parley graph. */
export interface Dropped {
  path: string;
  feature: string;
  reason: string;
}

/** A `__global__` edge (RevRing) whose target is not a global node: reported by the validator. */
export interface UnattachedGlobalEdge {
  id: string;
  target: string;
  sourcePath: string;
  targetExists: boolean;
}

/** What an importer collects besides the graph. */
export class ImportContext {
  readonly issues: Issue[] = [];
  paths = new SourcePaths();
  readonly unattachedGlobalEdges: UnattachedGlobalEdge[] = [];

  constructor(readonly file: string) {}

  warn(path: string, message: string): void {
    this.issues.push({ severity: 'warning', file: this.file, path, message });
  }

  error(path: string, message: string): void {
    this.issues.push({ severity: 'error', file: this.file, path, message });
  }

  /** Records that graph path `graphPath` came from `sourcePath` in the file. */
  map(graphPath: string, sourcePath: string): void {
    this.paths.set(graphPath, sourcePath);
  }
}

/** What a file is read as before an importer sees it: JSON, Python source (LiveKit) or a spreadsheet (XLSForm). */
export type InputKind = 'json' | 'python' | 'xlsx';

export interface AgentImporter {
  id: AgentFormat;
  /** The document this importer reads (default `json`): its `detect`, `schema` and `import` see that document. */
  input?: InputKind;
  /** Structural test on parsed JSON; cheap and side-effect free. */
  detect(json: unknown): boolean;
  /** Shape of the raw file the importer relies on (loose: unknown keys allowed); a function picks it per file (wrapped or bare). */
  schema: z.ZodType | ((json: unknown) => z.ZodType);
  /** Maps a file that passed `schema` to a graph (validated afterwards by the one validator). */
  import(json: unknown, ctx: ImportContext): AgentGraphInput;
  /** The platform's own size limit for a file, in bytes, if it has one. */
  sizeLimitBytes?: number;
  /** Whether the platform accepts a logic node without an else edge (then it is a warning, not an error). */
  allowsLogicWithoutElse?: boolean;
}

export interface SuiteImporter {
  id: SuiteFormat;
  detect(json: unknown): boolean;
  schema: z.ZodType | ((json: unknown) => z.ZodType);
  import(json: unknown, ctx: ImportContext): TestSuiteInput;
}

/** Collects dropped features while an exporter renders a graph. */
/**
 * The feature of a dropped entry, naming what a person would look for: a transition's node and target, a
 * tool's name, the default variables' names (unless the feature names them already).
 */
function namedFeature(g: AgentGraph, path: string, feature: string): string {
  const tr = /^nodes\[(\d+)\]\.transitions\[(\d+)\]$/.exec(path);
  if (tr) {
    const n = g.nodes[Number(tr[1])];
    const t = n?.transitions[Number(tr[2])];
    if (n && t && !feature.includes(JSON.stringify(n.id)))
      return `${feature}${feature.includes(JSON.stringify(t.target)) ? '' : ` to ${JSON.stringify(t.target)}`} from node ${JSON.stringify(n.id)}`;
    return feature;
  }
  const tool = /^tools\[(\d+)\]$/.exec(path);
  const t = tool ? g.tools[Number(tool[1])] : undefined;
  if (t && !feature.includes(JSON.stringify(t.name))) return `${feature} ${JSON.stringify(t.name)}`;
  const node = /^nodes\[(\d+)\]\.(?!source_meta)/.exec(path);
  const n = node ? g.nodes[Number(node[1])] : undefined;
  if (n && !feature.includes(JSON.stringify(n.id))) return `${feature} of node ${JSON.stringify(n.id)}`;
  if (path === 'default_variables') {
    const names = Object.keys(g.default_variables);
    if (names.length) return `${feature} (${names.join(', ')})`;
  }
  return feature;
}

export class ExportContext {
  readonly dropped: Dropped[] = [];
  readonly warnings: string[] = [];

  /**
   * `native`: the graph came from this format, so its source metadata applies.
   * `snippets`: the target format keeps `{%snippet%}` references; otherwise texts get them expanded.
   */
  constructor(
    readonly graph: AgentGraph,
    readonly native: boolean,
    readonly snippets = false,
  ) {}

  drop(path: string, feature: string, reason: string): void {
    this.dropped.push({ path, feature: namedFeature(this.graph, path, feature), reason });
  }

  /** Text as the target format needs it (snippet references expanded when it has no snippets). */
  text(s: string): string {
    if (this.snippets || !s.includes('{%')) return s;
    return expandSnippets(s, this.graph.snippets);
  }
}

export interface AgentExporter {
  id: ExportFormat;
  /** Source formats whose metadata this exporter reads back. */
  nativeFormats: readonly string[];
  /** The format keeps `{%snippet%}` references; otherwise texts are written with them expanded. */
  keepsSnippets?: boolean;
  /** A warning when a written file of `bytes` is larger than the platform accepts. */
  sizeWarning?(bytes: number): string | undefined;
  render(graph: AgentGraph, ctx: ExportContext): unknown;
  /** Text for the file; defaults to pretty JSON. */
  toText?(value: unknown): string;
}

export interface SuiteExporter {
  id: SuiteFormat;
  render(suite: TestSuite): unknown;
}
