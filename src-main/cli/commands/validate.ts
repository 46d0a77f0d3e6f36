import type { Command } from 'commander';
import { validateAgentPaths } from '../../app/index.js';
import { intFlag } from '../flags.js';
import { printJson } from '../output.js';
import { issueLines } from '../text/file-report-text.js';
import { lintLines } from '../text/lint-text.js';

/** `parley validate <file...>`: the import checks without storing anything. */
export function registerValidate(program: Command): void {
  program
    .command('validate <file...>')
    .description('check agent or test-suite files without importing them')
    .option('--json', 'print JSON: one entry per file')
    .option('--lint', 'also the checklist for each agent (suite files given too are read for mocks and variables)')
    .option('--prompt-budget <chars>', 'with --lint: characters a node prompt may have (default 4000)')
    .action(async (files: string[], opts: { json?: boolean; lint?: boolean; promptBudget?: string }) => {
      const promptBudget = intFlag('--prompt-budget', opts.promptBudget, { min: 100 });
      const reports = await validateAgentPaths(files, { lint: opts.lint, promptBudget });
      if (opts.json) printJson(reports);
      else {
        for (const r of reports) {
          const head = r.valid
            ? `ok: ${r.kind} "${r.name}" (${r.format}, ${r.kind === 'agent' ? `${r.nodes} nodes` : `${r.tests} tests`})${r.warnings.length ? `, ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}` : ''}`
            : `invalid, ${r.errors!.length} error${r.errors!.length === 1 ? '' : 's'}`;
          process.stdout.write(`${r.file}: ${head}\n`);
          for (const line of issueLines(r)) process.stdout.write(`${line}\n`);
          if (r.lint) for (const line of lintLines(r.lint)) process.stdout.write(`${line}\n`);
        }
      }
      if (reports.some((r) => !r.valid)) process.exitCode = 1;
    });
}
