import type { FileReport } from '../../app/index.js';
import { plural } from '../../../src-shared/text/plural.js';

const shellArg = (s: string) => (/^[\w./:@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** Indented lines for people, errors first: `  error nodes[3].edges[1]: ...`. */
export function issueLines(r: Pick<FileReport, 'errors' | 'warnings'>): string[] {
  return [...(r.errors ?? []), ...r.warnings].map((i) => `  ${i.severity} ${i.path || '(top level)'}: ${i.message}`);
}

/**
 * What `parley import` tells a person about a file that parsed into a graph with errors: whether
 * `--drop-dangling` would make it importable, and how to fix it on the canvas instead.
 */
export function fixHints(r: FileReport): string[] {
  if (!r.fixable) return [];
  const n = r.dangling?.count ?? 0;
  const what = n === 1 ? '1 transition to a missing node' : `${n} transitions to missing nodes`;
  const hints: string[] = ['What to do:'];
  if (n)
    hints.push(
      r.dangling?.enough
        ? `- import it without the ${what}: parley import ${shellArg(r.file)} --drop-dangling (each dropped transition is listed)`
        : `- --drop-dangling would remove the ${what}, but other errors would remain; fix those first`,
    );
  hints.push(
    `- or fix it on the canvas: start the app (parley serve), drop the file on the Agents page and choose "Open in the editor to fix"; the agent is created when a valid graph is saved`,
    `- or correct the file at the paths above and import it again`,
  );
  return hints;
}

/** One imported (or refused) file as people read it. */
export function importReportLines(r: FileReport): string[] {
  const lines: string[] = [];
  if (r.errors?.length) lines.push(`${r.file}: not imported, ${plural(r.errors.length, 'error')}; nothing was written`);
  else {
    const size = r.kind === 'agent' ? plural(r.nodes ?? 0, 'node') : plural(r.tests ?? 0, 'test');
    lines.push(
      `${r.file}: imported ${r.kind} "${r.name}" (${r.id}) from ${r.format}, ${size}${r.warnings.length ? `, ${plural(r.warnings.length, 'warning')}` : ''}`,
    );
  }
  for (const d of r.dropped ?? [])
    lines.push(
      `  dropped ${d.path}: transition ${JSON.stringify(d.transition_id)} of node ${JSON.stringify(d.node_id)} to the missing node ${JSON.stringify(d.target)}`,
    );
  lines.push(...issueLines(r));
  for (const line of fixHints(r)) lines.push(`  ${line}`);
  return lines;
}
