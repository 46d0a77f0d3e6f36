import path from 'node:path';
import type { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
import { MAX_IMPORT_BYTES } from '../../src-shared/limits.js';
import { readTextDocument } from './input/text-document.js';
import { parseDocument } from './parse-document.js';
import type { AgentFormat, DetectedFormat, Issue, SuiteFormat } from './types.js';
import type { DroppedTransition } from './drop-dangling.js';

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
  return base.replace(/\.(json|jsonc|txt|py|xlsx|xlsm)$/i, '').replace(/\.(vt|agent|flow|suite|tests)$/i, '') || base;
}

/**
 * Reads an agent or test-suite file in any supported text format: size and nesting limits, JSON with
 * line and column on syntax errors (or Python source for a `.py` file), format detection, the format's
 * own shape check, mapping to Parley's model, then the one validator. Pure: nothing is stored.
 * Spreadsheets (XLSForm) are binary: read them with `readAgentFile` (read-file.ts).
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

  const doc = readTextDocument(text, fileName, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
  if (!doc.ok) return { ok: false, errors: doc.errors, warnings: [] };
  return parseDocument(doc.document, fileName, opts, bytes, doc.warnings);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
}
