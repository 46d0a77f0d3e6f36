import { readImportText } from '../../app/index.js';
import type { Command } from 'commander';
import { importIntoStore } from '../../formats/import-into-store.js';
import type { Issue } from '../../formats/index.js';
import { printJson } from '../output.js';
import { useStore, withDbOption } from '../store-option.js';
import { issueLines, readError, type FileReport } from '../../formats/issue-report.js';
import { fixHints } from '../import-hints.js';

/** `parley import <file...>`: each file is one agent or one suite, stored in its own transaction. */
export function registerImport(program: Command): void {
  withDbOption(
    program
      .command('import <file...>')
      .description('import agents or test suites from files (Retell, VAPI, RevRing, voicetest, Parley; detected)')
      .option(
        '--drop-dangling',
        'remove transitions that go to a node that does not exist (each one is listed), then import',
      )
      .option('--json', 'print JSON: one entry per file'),
  ).action((files: string[], opts: { db?: string; json?: boolean; dropDangling?: boolean }) =>
    useStore(opts, (store) => {
      const reports: FileReport[] = files.map((file) => {
        let text: string;
        try {
          text = readImportText(file);
        } catch (e) {
          return { file, errors: [readError(file, e)], warnings: [] };
        }
        try {
          const r = importIntoStore(store, text, file, { dropDangling: opts.dropDangling });
          if (!r.ok)
            return {
              file,
              errors: r.errors,
              warnings: r.warnings,
              ...(r.fixable ? { fixable: true, hints: fixHints(text, file, r.fixable.graph) } : {}),
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
          const issue: Issue = { severity: 'error', file, path: '', message: `not stored: ${(e as Error).message}` };
          return { file, errors: [issue], warnings: [] };
        }
      });
      if (opts.json) printJson(reports);
      else for (const r of reports) printReport(r);
      if (reports.some((r) => r.errors?.length)) process.exitCode = 1;
    }),
  );
}

function printReport(r: FileReport): void {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (r.errors?.length) {
    process.stdout.write(`${r.file}: not imported, ${plural(r.errors.length, 'error')}; nothing was written\n`);
  } else {
    const size = r.kind === 'agent' ? plural(r.nodes ?? 0, 'node') : plural(r.tests ?? 0, 'test');
    process.stdout.write(
      `${r.file}: imported ${r.kind} "${r.name}" (${r.id}) from ${r.format}, ${size}${r.warnings.length ? `, ${plural(r.warnings.length, 'warning')}` : ''}\n`,
    );
  }
  for (const d of r.dropped ?? [])
    process.stdout.write(
      `  dropped ${d.path}: transition ${JSON.stringify(d.transition_id)} of node ${JSON.stringify(d.node_id)} to the missing node ${JSON.stringify(d.target)}\n`,
    );
  for (const line of issueLines(r)) process.stdout.write(`${line}\n`);
  for (const line of r.hints ?? []) process.stdout.write(`  ${line}\n`);
}
