/**
 * References to agents and suites: ONE precedence for every command and handler.
 *
 *   1. a ref that looks like a path (has a folder separator or a file extension) and names an existing
 *      file is that file;
 *   2. otherwise a stored id, then a unique stored name;
 *   3. otherwise an existing file of that name.
 *
 * Files are read only where the door allows it (`files: true`: the command line, on the user's own
 * machine); the app's API names stored items only. Files are parsed with the importers, so a bad file is
 * refused with its JSON paths and nothing is stored.
 */
import { existsSync, statSync } from 'node:fs';
import type { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import type { RunAgent, RunSuite } from '../../engine/index.js';
import { nameFromFile, parseAgentFile, type ParseOptions } from '../../formats/parse-file.js';
import type { DetectedFormat, Issue } from '../../formats/types.js';
import type { Store } from '../../store/index.js';
import { AppError, invalid } from '../errors.js';
import { requireRun, resolveAgentVersion, runAgentOf } from './resolve.js';
import { FileRefusal, readImportText } from '../agents/input-files.js';

export interface RefOptions {
  /** Whether a ref may name a file on this machine (the command line). */
  files?: boolean;
  /** The request field the ref came from, for errors (`agent`, `tests`). */
  path?: string;
}

export interface ResolvedAgent {
  graph: AgentGraph;
  /** `store`: a stored agent (latest version); `file`: read from a file, not stored. */
  from: 'store' | 'file';
  name: string;
  id?: string;
  versionId?: string;
  version?: number;
  file?: string;
  format?: DetectedFormat;
  warnings: Issue[];
}

export function isFilePath(ref: string): boolean {
  try {
    return existsSync(ref) && statSync(ref).isFile();
  } catch {
    return false;
  }
}

const looksLikePath = (ref: string) => /[\\/]/.test(ref) || /\.[A-Za-z0-9]{1,5}$/.test(ref);

/** Which of the three a ref is, by the one precedence. */
function kindOf(ref: string, stored: boolean, o: RefOptions): 'file' | 'stored' | 'none' {
  if (o.files && looksLikePath(ref) && isFilePath(ref)) return 'file';
  if (stored) return 'stored';
  return o.files && isFilePath(ref) ? 'file' : 'none';
}

/** The file's text, fstat-checked within the import limit; a refusal names the request field. */
function readRefText(file: string, path: string): string {
  try {
    return readImportText(file);
  } catch (e) {
    if (e instanceof FileRefusal) throw invalid(e.message, path); // the message names the file; the CLI adds the flag
    throw e;
  }
}

function readParsed(file: string, path: string, parse?: ParseOptions) {
  const r = parseAgentFile(readRefText(file, path), file, parse);
  if (!r.ok) {
    const first = r.errors[0];
    throw new AppError({
      code: 'invalid_input',
      message: `${file} cannot be read (${r.errors.length} error${r.errors.length === 1 ? '' : 's'}): ${first?.path ? `${first.path}: ` : ''}${first?.message ?? ''}`,
      path,
      file,
      issues: r.errors.map((e) => ({ path: e.path, message: e.message, file: e.file })),
    });
  }
  return r;
}

function findStored<T>(find: () => T | undefined, path: string): T | undefined {
  try {
    return find();
  } catch (e) {
    throw invalid((e as Error).message, path); // an ambiguous name
  }
}

/** An agent by id, unique name or file (read in memory, nothing stored). */
export function resolveAgentRef(
  store: Store | undefined,
  ref: string,
  o: RefOptions & { parse?: ParseOptions } = {},
): ResolvedAgent {
  const path = o.path ?? 'agent';
  const found = store ? findStored(() => store.agents.find(ref), path) : undefined;
  const kind = kindOf(ref, !!found, o);
  if (kind === 'none')
    throw new AppError({
      code: 'not_found',
      message: `agent ${JSON.stringify(ref)} not found: no stored agent has this id or name${o.files ? ', and no file has this path' : ''}`,
      path,
    });
  if (kind === 'stored') {
    const { version: v } = resolveAgentVersion(store!, found!.id, undefined, { agent: path });
    return {
      graph: v.graph,
      from: 'store',
      name: found!.name,
      id: found!.id,
      versionId: v.id,
      version: v.version,
      format: v.source_format as DetectedFormat,
      warnings: [],
    };
  }
  const r = readParsed(ref, path, o.parse);
  if (r.kind !== 'agent') throw invalid(`${ref} is a test suite (${r.format}); expected an agent file`, path);
  return { graph: r.graph, from: 'file', name: r.graph.name, file: ref, format: r.format, warnings: r.warnings };
}

/**
 * The agent a run runs: a stored agent's latest version, or a file stored as a new version of the agent
 * with its name (unchanged content keeps the version it matches). `note` says what was stored.
 */
export function runAgentFromRef(
  store: Store,
  ref: string,
  o: RefOptions = {},
): { agent: RunAgent; note?: string; warnings: Issue[] } {
  const r = resolveAgentRef(store, ref, o);
  if (r.from === 'store') return { agent: runAgentOf(resolveAgentVersion(store, r.id!)), warnings: [] };
  const name = r.graph.name || nameFromFile(ref);
  const existing = findStored(() => store.agents.find(name), o.path ?? 'agent');
  if (existing) {
    const { version, created } = store.agents.saveVersion(existing.id, { ...r.graph, name }, `parley run ${ref}`);
    return {
      agent: { id: existing.id, version_id: version.id, name, graph: version.graph },
      note: `agent ${name} (${existing.id}): ${created ? `stored ${ref} as version v${version.version}` : `unchanged, version v${version.version}`}`,
      warnings: r.warnings,
    };
  }
  const { agent, version } = store.agents.create(r.graph, { name, note: `imported by parley run from ${ref}` });
  return {
    agent: { id: agent.id, version_id: version.id, name, graph: version.graph },
    note: `agent ${name}: imported ${ref} as ${agent.id}`,
    warnings: r.warnings,
  };
}

/** A suite by id, unique name or file (a Parley suite or voicetest test list, read in memory). */
export function resolveSuiteRef(store: Store, ref: string, o: RefOptions = {}): RunSuite {
  const path = o.path ?? 'suite_id';
  const stored = findStored(() => store.suites.find(ref), path);
  const kind = kindOf(ref, !!stored, o);
  if (kind === 'none')
    throw new AppError({
      code: 'not_found',
      message: `suite ${JSON.stringify(ref)} not found: no stored suite has this id or name${o.files ? ', and no file has this path' : ''}`,
      path,
    });
  if (kind === 'stored') return { id: stored!.id, name: stored!.name, data: stored!.data as TestSuite };
  const r = readParsed(ref, path);
  if (r.kind !== 'suite') throw invalid(`${ref} is an agent file (${r.format}); expected tests`, path);
  return { id: null, name: r.suite.name || nameFromFile(ref), data: r.suite };
}

/** A stored suite by id or unique name (no files: the app's API). */
export function requireSuite(store: Store, ref: string, path = 'suite_id'): RunSuite & { id: string } {
  return resolveSuiteRef(store, ref, { path }) as RunSuite & { id: string };
}

/**
 * The suite a stored run ran, from the copy kept with the run ("Run again" for a run started from a tests
 * file, or whose suite was deleted since): a suite with no stored id, named as the run named it.
 */
export function suiteSnapshotOfRun(store: Store, runId: string, path = 'suite_from_run'): RunSuite & { id: null } {
  const run = requireRun(store, runId, path);
  const data = store.runs.suiteSnapshot(run.id);
  if (!data) throw invalid(`run ${runId} has no stored copy of its suite to run again`, path);
  return { id: null, name: run.suite_name || data.name || 'tests of an earlier run', data };
}
