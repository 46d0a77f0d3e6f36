import type { Command } from 'commander';
import { CALL_FORMATS, type CallFormat } from '../../../src-shared/formats/format-ids.js';
import { importCallFiles } from '../../app/index.js';
import { choiceFlag } from '../flags.js';
import { redactionLine } from '../../../src-shared/run/redaction.js';
import { printJson, printTable } from '../output.js';
import { callLogFormatsHelp } from '../text/format-help-text.js';
import { useApp, withDbOption } from '../use-app.js';

export function registerImportCalls(program: Command): void {
  withDbOption(
    program
      .command('import-calls <agent> <files...>')
      .description(`import real call transcripts (${callLogFormatsHelp()}) as an imported run of an agent`)
      .option('--version <n>', 'attach to this agent version instead of the latest')
      .option('--format <format>', `force the file format (${CALL_FORMATS.join(', ')}); detected by default`)
      .option(
        '--name <name>',
        'name shown for the run where a suite name would be (default: "imported call NAME" for one call, "N imported calls" for several)',
      )
      .option(
        '--redact',
        'replace personal data (names, phones, emails, dates of birth, addresses, cards, ids) by placeholders before storing',
      )
      .option('--no-redact', 'keep the originals (the run records that they were not redacted)')
      .option('--json', 'print JSON'),
  ).action(
    (
      ref: string,
      files: string[],
      opts: { db?: string; json?: boolean; version?: string; format?: string; name: string; redact?: boolean },
    ) => {
      const format = opts.format
        ? choiceFlag('--format', opts.format, CALL_FORMATS as readonly CallFormat[])
        : undefined;
      return useApp(
        opts,
        ({ store }) => {
          const { run, results, calls, agent } = importCallFiles(store, {
            agent_id: ref,
            agent_version_id: opts.version,
            paths: files,
            format,
            name: opts.name,
            redact: opts.redact,
          });
          const redaction = run.options.redaction ?? null;
          const version = { id: agent.version_id, version: agent.version };
          if (opts.json) {
            return printJson({
              run_id: run.id,
              kind: run.kind,
              status: run.status,
              agent: { id: agent.id, version_id: version.id, version: version.version, name: agent.name },
              redaction,
              calls: results.map((r, i) => ({
                result_id: r.id,
                test: r.test,
                file: calls[i].file,
                format: calls[i].format,
                turns: r.turns,
                transcript_turns: r.transcript.length,
                tools_called: r.tools_called.length,
                nodes_visited: r.nodes_visited.length,
                duration_ms: r.duration_ms,
              })),
            });
          }
          process.stdout.write(
            `Imported ${results.length} call(s) as run ${run.id} (agent ${agent.name} v${version.version})\n\n`,
          );
          if (redaction) process.stdout.write(`${redactionLine(redaction)}\n\n`);
          printTable(
            ['CALL', 'FORMAT', 'TURNS', 'TOOLS', 'NODES', 'FILE'],
            results.map((r, i) => [
              r.test,
              calls[i].format,
              String(r.turns),
              String(r.tools_called.length),
              String(r.nodes_visited.length),
              calls[i].file,
            ]),
          );
          process.stdout.write(`\nJudge them with a suite: parley evaluate ${run.id} --tests <file|suite>\n`);
        },
        { agent_id: '', agent_version_id: '--version' },
      );
    },
  );
}
