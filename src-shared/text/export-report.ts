/**
 * An export report as a person reads it (issue 33): first what did not survive and would be missed
 * (nodes, transitions, tools, variables, by name), then the other features, then the metadata notes
 * ("X settings kept from import: ..."), folded into one line. Shared by the CLI and the app's dialog.
 */

export interface DroppedFeature {
  path: string;
  feature: string;
  reason: string;
}

export type DropKind = 'node' | 'transition' | 'tool' | 'variable' | 'other' | 'metadata' | 'note';
const ORDER: readonly DropKind[] = ['node', 'transition', 'tool', 'variable', 'other'];

/** What a dropped entry is about, from its graph path and feature. */
export function dropKind(d: DroppedFeature): DropKind {
  if (d.feature === 'note') return 'note';
  if (/ settings kept from import: /.test(d.feature)) return 'metadata';
  if (/^nodes\[\d+\]\.(transitions|global\.(entry|go_back)_conditions)\[\d+\]$/.test(d.path)) return 'transition';
  if (/^nodes\[\d+\]$/.test(d.path)) return 'node';
  if (/^tools\[\d+\]$/.test(d.path) || /(^|\.)tools$/.test(d.path)) return 'tool';
  if (/variables/.test(d.path)) return 'variable';
  return 'other';
}

export interface ExportReport {
  /** Nodes, transitions, tools and variables first, then the other features: in that order. */
  lost: DroppedFeature[];
  /** Remarks about the written file (its size...). */
  notes: DroppedFeature[];
  /** Metadata kept from import that the target format cannot hold: one line, or undefined. */
  metadata?: { count: number; summary: string; entries: DroppedFeature[] };
}

export function exportReport(dropped: readonly DroppedFeature[]): ExportReport {
  const kinds = dropped.map((d) => [d, dropKind(d)] as const);
  const lost = ORDER.flatMap((k) => kinds.filter(([, kind]) => kind === k).map(([d]) => d));
  const notes = kinds.filter(([, k]) => k === 'note').map(([d]) => d);
  const entries = kinds.filter(([, k]) => k === 'metadata').map(([d]) => d);
  if (!entries.length) return { lost, notes };
  const sources = new Set<string>();
  const fields = new Set<string>();
  for (const e of entries) {
    const m = /^(.*) settings kept from import: (.*)$/.exec(e.feature);
    if (!m) continue;
    sources.add(m[1]);
    for (const f of m[2].split(', ')) fields.add(f);
  }
  const list = [...fields];
  const shown = list.slice(0, 8).join(', ') + (list.length > 8 ? `, and ${list.length - 8} more` : '');
  const from = [...sources].join(', ');
  const summary = `${entries.length} metadata note${entries.length === 1 ? '' : 's'}: ${from} settings kept from import (${shown}), written back only when exporting to ${from}`;
  return { lost, notes, metadata: { count: entries.length, summary, entries } };
}
