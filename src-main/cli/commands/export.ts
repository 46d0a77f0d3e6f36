import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { EXPORT_FORMATS, exportAgent, type ExportFormat } from '../../formats/index.js';
import { AgentRefError, isFilePath, resolveAgent, type ResolvedAgent } from '../../app/agent-ref.js';
import { StoreError, type Store } from '../../store/index.js';
import { CliError } from '../errors.js';
import { useStore, withDbOption } from '../store-option.js';

/** `parley export <agent> --format F [-o FILE]`: renders a stored agent (or an agent file) in another format. */
export function registerExport(program: Command): void {
  withDbOption(
    program
      .command('export <agent>')
      .description('export an agent (id, unique name, or file) to another format; dropped features go to stderr')
      .addOption(new Option('--format <format>', 'target format').choices([...EXPORT_FORMATS]).makeOptionMandatory())
      .option('-o, --output <file>', 'write to this file instead of stdout'),
  ).action(async (ref: string, opts: { db?: string; format: ExportFormat; output?: string }) => {
    const resolved = isFilePath(ref) && !opts.db ? resolve(ref) : await useStore(opts, (store) => resolve(ref, store));
    const { text, dropped, warnings } = exportAgent(resolved.graph, opts.format);
    if (opts.output) writeFileSync(opts.output, text);
    else process.stdout.write(text);
    for (const d of dropped) process.stderr.write(`dropped ${d.path || '(agent)'}: ${d.feature} (${d.reason})\n`);
    for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
    if (opts.output)
      process.stderr.write(
        `wrote ${opts.format} export of "${resolved.name}" to ${opts.output}${dropped.length ? ` (${dropped.length} feature${dropped.length === 1 ? '' : 's'} dropped)` : ''}\n`,
      );
  });
}

function resolve(ref: string, store?: Store): ResolvedAgent {
  try {
    return resolveAgent(ref, { store });
  } catch (e) {
    if (e instanceof AgentRefError) {
      const detail = e.issues
        .slice(1, 6)
        .map((i) => `\n  ${i.severity} ${i.path || '(top level)'}: ${i.message}`)
        .join('');
      throw new CliError(`${e.message}${detail}`, 1);
    }
    if (e instanceof StoreError) throw new CliError(e.message, 1);
    throw e;
  }
}
