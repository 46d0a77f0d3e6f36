import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';

/**
 * Imports with problems being fixed in the editor. They live in this browser's localStorage, not in
 * the database: nothing is written to the store until the fixed graph is saved and validates
 * (docs/formats.md, "Import with problems").
 */
export interface ImportDraft {
  id: string;
  /** The file name as imported, and the format it was read as (the agent's provenance when saved). */
  file: string;
  format: string;
  /** What the import found, with paths in the file. */
  problems: ValidationIssue[];
  /** The graph as last edited. */
  graph: AgentGraph;
  created_at: string;
  updated_at: string;
}

const PREFIX = 'parley.import-draft.';

export function createImportDraft(d: { file: string; format: string; problems: ValidationIssue[]; graph: AgentGraph }) {
  const now = new Date().toISOString();
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const draft: ImportDraft = { id, ...d, created_at: now, updated_at: now };
  localStorage.setItem(PREFIX + id, JSON.stringify(draft));
  return draft;
}

export function readImportDraft(id: string): ImportDraft | null {
  try {
    const raw = localStorage.getItem(PREFIX + id);
    return raw ? (JSON.parse(raw) as ImportDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the edited graph; false when the browser's storage is full (the unsaved-work warning still protects it). */
export function updateImportDraft(id: string, graph: AgentGraph): boolean {
  const d = readImportDraft(id);
  if (!d) return false;
  try {
    localStorage.setItem(PREFIX + id, JSON.stringify({ ...d, graph, updated_at: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export const deleteImportDraft = (id: string) => localStorage.removeItem(PREFIX + id);

/** Every import waiting to be fixed in this browser, newest first. */
export function listImportDrafts(): ImportDraft[] {
  const out: ImportDraft[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k?.startsWith(PREFIX)) continue;
    const d = readImportDraft(k.slice(PREFIX.length));
    if (d) out.push(d);
  }
  return out.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}
