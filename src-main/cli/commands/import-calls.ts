import type { Command } from 'commander';
import { CALL_FORMATS, type CallFormat } from '../../../src-shared/formats/format-ids.js';
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
        async (_app, door) => {
          const out = await door.call('calls.importFiles', {
            agent_id: ref,
            agent_version_id: opts.version,
            paths: files,
            format,
            name: opts.name,
            redact: opts.redact,
          });
          const { agent, calls, redaction } = out;
          if (opts.json) return printJson(out);
          process.stdout.write(
            `Imported ${calls.length} call(s) as run ${out.run_id} (agent ${agent.name} v${agent.version})\n\n`,
          );
          if (redaction) process.stdout.write(`${redactionLine(redaction)}\n\n`);
          printTable(
            ['CALL', 'FORMAT', 'TURNS', 'TOOLS', 'NODES', 'FILE'],
            calls.map((c) => [
              c.test,
              c.format,
              String(c.turns),
              String(c.tools_called),
              String(c.nodes_visited),
              c.file,
            ]),
          );
          process.stdout.write(`\nJudge them with a suite: parley evaluate ${out.run_id} --tests <file|suite>\n`);
        },
        { agent_id: '', agent_version_id: '--version' },
      );
    },
  );
}
