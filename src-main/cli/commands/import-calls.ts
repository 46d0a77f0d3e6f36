import type { Command } from 'commander';
import { CallImportError } from '../../transcripts/errors.js';
import { importCalls } from '../../transcripts/import-calls.js';
import { parseCallFiles } from '../../transcripts/parse.js';
import { CALL_FORMATS, type CallFormat } from '../../transcripts/types.js';
import type { Store } from '../../store/index.js';
import { resolveAgentVersion } from '../../app/resolve.js';
import { CliError } from '../errors.js';
import { printJson, printTable } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

/** A stored agent (id or unique name) at its latest version, or at `--version N`. */
export function resolveStoredAgent(store: Store, ref: string, version?: string) {
  if (!store.agents.find(ref))
    throw new CliError(
      `agent "${ref}" not found (import it first: parley import <file>; parley agents list shows them)`,
      1,
    );
  try {
    return resolveAgentVersion(store, ref, version);
  } catch (e) {
    throw new CliError(`--version: ${(e as Error).message}`, 1);
  }
}

export function registerImportCalls(program: Command): void {
  withDbOption(
    program
      .command('import-calls <agent> <files...>')
      .description(
        'import real call transcripts (Retell, VAPI, Bland or Telnyx call JSON, or a [{role, content}] list) as an imported run of an agent',
      )
      .option('--version <n>', 'attach to this agent version instead of the latest')
      .option('--format <format>', `force the file format (${CALL_FORMATS.join(', ')}); detected by default`)
      .option('--name <name>', 'name shown for the run where a suite name would be', 'imported calls')
      .option('--json', 'print JSON'),
  ).action(
    (
      ref: string,
      files: string[],
      opts: { db?: string; json?: boolean; version?: string; format?: string; name: string },
    ) => {
      if (opts.format && !CALL_FORMATS.includes(opts.format as CallFormat))
        throw new CliError(`--format: expected one of ${CALL_FORMATS.join(', ')}, got "${opts.format}"`);
      // Every file is parsed and checked before the database is opened for writing.
      let calls;
      try {
        calls = parseCallFiles(files, opts.format as CallFormat | undefined);
      } catch (e) {
        if (e instanceof CallImportError) throw new CliError(e.message, 1);
        throw e;
      }
      return useApp(opts, ({ store }) => {
        const { agent, version } = resolveStoredAgent(store, ref, opts.version);
        const { run, results } = importCalls(
          store,
          { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
          calls,
          { suite_name: opts.name },
        );
        if (opts.json) {
          return printJson({
            run_id: run.id,
            kind: run.kind,
            status: run.status,
            agent: { id: agent.id, version_id: version.id, version: version.version, name: agent.name },
            calls: results.map((r, i) => ({
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
      });
    },
  );
}
