import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { EXPORT_FORMATS, type ExportFormat } from '../../../src-shared/formats/format-ids.js';
import { exportAgentFile, isFilePath } from '../../app/index.js';
import { asCli } from '../errors.js';
import { exportReportText } from '../text/export-report-text.js';
import { useApp, withDbOption } from '../use-app.js';

/** The agent is the command's argument, not a flag: its errors need no prefix. */
const POSITIONAL = { agent: '' };

/** `parley export <agent> --format F [-o FILE]`: renders a stored agent (or an agent file) in another format. */
export function registerExport(program: Command): void {
  withDbOption(
    program
      .command('export <agent>')
      .description('export an agent (file, id or unique name) to another format; dropped features go to stderr')
      .addOption(new Option('--format <format>', 'target format').choices([...EXPORT_FORMATS]).makeOptionMandatory())
      .option('-o, --output <file>', 'write to this file instead of stdout'),
  ).action(async (ref: string, opts: { db?: string; format: ExportFormat; output?: string }) => {
    // a file needs no database: none is opened (or created) for it
    const out =
      isFilePath(ref) && !opts.db
        ? await asCli(() => exportAgentFile(ref, opts.format), POSITIONAL)
        : await useApp(
            opts,
            (_app, door) => door.call('agents.exportRef', { agent: ref, format: opts.format }),
            POSITIONAL,
          );
    const { text, dropped, warnings } = out;
    if (opts.output) writeFileSync(opts.output, text);
    else process.stdout.write(text);
    process.stderr.write(exportReportText(dropped));
    for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
    if (opts.output)
      process.stderr.write(
        `wrote ${opts.format} export of "${out.name}" to ${opts.output}${dropped.length ? ` (${dropped.length} feature${dropped.length === 1 ? '' : 's'} dropped)` : ''}\n`,
      );
  });
}
