import type { Command } from 'commander';
import { printJson } from '../output.js';
import { importFormatsHelp } from '../text/format-help-text.js';
import { fixHints, importReportLines } from '../text/file-report-text.js';
import { useApp, withDbOption } from '../use-app.js';

/** `parley import <file...>`: each file is one agent or one suite, stored in its own transaction. */
export function registerImport(program: Command): void {
  withDbOption(
    program
      .command('import <file...>')
      .description(`import agents or test suites from files (${importFormatsHelp()}; detected)`)
      .option(
        '--drop-dangling',
        'remove transitions that go to a node that does not exist (each one is listed), then import',
      )
      .option('--json', 'print JSON: one entry per file'),
  ).action((files: string[], opts: { db?: string; json?: boolean; dropDangling?: boolean }) =>
    useApp(opts, async (_app, door) => {
      const reports = await door.call('agents.importFiles', { files, drop_dangling: opts.dropDangling });
      if (opts.json)
        printJson(
          reports.map(({ dangling, ...r }) => ({
            ...r,
            ...(r.fixable ? { hints: fixHints({ ...r, dangling }) } : {}),
          })),
        );
      else for (const r of reports) for (const line of importReportLines(r)) process.stdout.write(`${line}\n`);
      if (reports.some((r) => r.errors?.length)) process.exitCode = 1;
    }),
  );
}
