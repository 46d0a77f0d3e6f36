import { readImportText } from '../../app/index.js';
import type { Command } from 'commander';
import { parseAgentFile } from '../../formats/index.js';
import { printJson } from '../output.js';
import { issueLines, readError, type FileReport } from '../../formats/issue-report.js';
import type { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { lintFiles, lintLines } from './validate-lint.js';

/** `parley validate <file...>`: the import checks without storing anything. */
export function registerValidate(program: Command): void {
  program
    .command('validate <file...>')
    .description('check agent or test-suite files without importing them')
    .option('--json', 'print JSON: one entry per file')
    .option('--lint', 'also the checklist for each agent (suite files given too are read for mocks and variables)')
    .option('--prompt-budget <chars>', 'with --lint: characters a node prompt may have (default 4000)')
    .action((files: string[], opts: { json?: boolean; lint?: boolean; promptBudget?: string }) => {
      const budget = opts.promptBudget === undefined ? undefined : Number(opts.promptBudget);
      if (budget !== undefined && !(Number.isInteger(budget) && budget >= 100))
        throw new CliError(
          `--prompt-budget: expected a whole number of characters (100 or more), got ${JSON.stringify(opts.promptBudget)}`,
        );
      const graphs = new Map<string, AgentGraph>();
      const suites: TestSuite[] = [];
      const reports: FileReport[] = files.map((file) => {
        let text: string;
        try {
          text = readImportText(file);
        } catch (e) {
          return { file, valid: false, errors: [readError(file, e)], warnings: [] };
        }
        const r = parseAgentFile(text, file);
        if (!r.ok)
          return { file, valid: false, kind: r.kind, format: r.format, errors: r.errors, warnings: r.warnings };
        if (r.kind === 'agent') graphs.set(file, r.graph);
        else suites.push(r.suite);
        return r.kind === 'agent'
          ? {
              file,
              valid: true,
              kind: 'agent',
              name: r.graph.name,
              format: r.format,
              nodes: r.graph.nodes.length,
              errors: [],
              warnings: r.warnings,
            }
          : {
              file,
              valid: true,
              kind: 'suite',
              name: r.suite.name,
              format: r.format,
              tests: r.suite.tests.length,
              errors: [],
              warnings: r.warnings,
            };
      });
      const lint = opts.lint ? lintFiles(graphs, suites, budget) : undefined;
      if (opts.json)
        printJson(
          lint ? reports.map((r) => ({ ...r, ...(lint.has(r.file) ? { lint: lint.get(r.file) } : {}) })) : reports,
        );
      else {
        for (const r of reports) {
          const head = r.valid
            ? `ok: ${r.kind} "${r.name}" (${r.format}, ${r.kind === 'agent' ? `${r.nodes} nodes` : `${r.tests} tests`})${r.warnings.length ? `, ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}` : ''}`
            : `invalid, ${r.errors!.length} error${r.errors!.length === 1 ? '' : 's'}`;
          process.stdout.write(`${r.file}: ${head}\n`);
          for (const line of issueLines(r)) process.stdout.write(`${line}\n`);
          const l = lint?.get(r.file);
          if (l) for (const line of lintLines(l)) process.stdout.write(`${line}\n`);
        }
      }
      if (reports.some((r) => !r.valid)) process.exitCode = 1;
    });
}
