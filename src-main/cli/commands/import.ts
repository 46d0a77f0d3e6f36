import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { importIntoStore } from '../../formats/import-into-store.js';
import type { Issue } from '../../formats/index.js';
import { printJson } from '../output.js';
import { useStore, withDbOption } from '../store-option.js';
import { issueLines, readError, type FileReport } from '../../formats/issue-report.js';

/** `parley import <file...>`: each file is one agent or one suite, stored in its own transaction. */
export function registerImport(program: Command): void {
  withDbOption(
    program
      .command('import <file...>')
      .description('import agents or test suites from files (Retell, VAPI, RevRing, voicetest, Parley; detected)')
      .option('--json', 'print JSON: one entry per file'),
  ).action((files: string[], opts: { db?: string; json?: boolean }) =>
    useStore(opts, (store) => {
      const reports: FileReport[] = files.map((file) => {
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          return { file, errors: [readError(file, e)], warnings: [] };
        }
        try {
          const r = importIntoStore(store, text, file);
          if (!r.ok) return { file, errors: r.errors, warnings: r.warnings };
          return r.kind === 'agent'
            ? { file, kind: 'agent', id: r.id, name: r.name, format: r.format, nodes: r.nodes, warnings: r.warnings }
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
  if (r.errors?.length) {
    process.stdout.write(`${r.file}: not imported, ${r.errors.length} error${r.errors.length === 1 ? '' : 's'}\n`);
  } else {
    const size =
      r.kind === 'agent' ? `${r.nodes} node${r.nodes === 1 ? '' : 's'}` : `${r.tests} test${r.tests === 1 ? '' : 's'}`;
    process.stdout.write(
      `${r.file}: imported ${r.kind} "${r.name}" (${r.id}) from ${r.format}, ${size}${r.warnings.length ? `, ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}` : ''}\n`,
    );
  }
  for (const line of issueLines(r)) process.stdout.write(`${line}\n`);
}
