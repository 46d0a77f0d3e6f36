import path from 'node:path';
import type { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
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
      /** With `graph`: its transitions to missing nodes, and whether dropping them (`dropDangling`) would leave no error. */
      dangling?: DanglingAdvice;
    };

/** What `--drop-dangling` would do for a graph with errors, decided from the parse that found them. */
export interface DanglingAdvice {
  count: number;
  enough: boolean;
}

/** The file name without folder and extension: what an agent or suite is called when its file names nothing. */
export function nameFromFile(fileName: string): string {
  const base = path.basename(fileName);
  return base.replace(/\.(json|jsonc|txt|py|xlsx|xlsm)$/i, '').replace(/\.(vt|agent|flow|suite|tests)$/i, '') || base;
}
