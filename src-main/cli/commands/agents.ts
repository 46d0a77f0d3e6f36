import type { Command } from 'commander';
import { AppError, type CliDoor } from '../../app/index.js';
import { CliError } from '../errors.js';
import { printJson, printTable, shortDate } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';

/**
 * A stored agent (id or unique name) with a version of its graph (latest, or `version`: a number or an id) and its
 * versions. Not there: exit 1 with `notFound`; a version it does not have: exit 1 with the application's message.
 */
async function storedAgent(door: CliDoor, ref: string, notFound: string, version?: string) {
  try {
    return await door.call('agents.get', { id: ref, version_id: version });
  } catch (e) {
    if (e instanceof AppError && e.error.code === 'not_found') throw new CliError(notFound, 1);
    if (e instanceof AppError && e.error.path === 'version_id') throw new CliError(e.message, 1);
    throw e;
  }
}

export function registerAgents(program: Command): void {
  const agents = program.command('agents').description('list, show and delete stored agents');

  withDbOption(agents.command('list').description('list agents (newest first)').option('--json', 'print JSON')).action(
    (opts: { db?: string; json?: boolean }) =>
      useApp(opts, async (_app, door) => {
        const list = await door.call('agents.list', {});
        if (opts.json) return printJson(list);
        if (!list.length) {
          process.stdout.write('No agents yet. Import one: parley import <file>\n');
          return;
        }
        printTable(
          ['ID', 'NAME', 'VERSION', 'NODES', 'FORMAT', 'UPDATED'],
          list.map((a) => [
            a.id,
            a.name,
            `v${a.version}`,
            String(a.node_count),
            a.source_format,
            shortDate(a.updated_at),
          ]),
        );
      }),
  );

  withDbOption(
    agents
      .command('show <agent>')
      .description('show an agent (id or unique name) and its versions')
      .option('--json', 'print JSON')
      .option('--version <n>', 'show this version number instead of the latest'),
  ).action((ref: string, opts: { db?: string; json?: boolean; version?: string }) =>
    useApp(opts, async (_app, door) => {
      const notFound = `agent "${ref}" not found (parley agents list shows them)`;
      const { agent, version, versions, graph: g } = await storedAgent(door, ref, notFound, opts.version);
      if (opts.json) return printJson({ ...agent, versions, graph: g });
      process.stdout.write(
        `${agent.name}  (${agent.id})\nversion v${version.version} of ${versions.length}, ${g.nodes.length} nodes, format ${version.source_format}, hash ${version.content_hash.slice(0, 12)}\n`,
      );
      const parent = version.parent_version_id && versions.find((v) => v.id === version.parent_version_id);
      if (parent) process.stdout.write(`made by a fix from v${parent.version}: ${version.note}\n`);
      process.stdout.write(
        `entry: ${g.entry_node_id}   first speaker: ${g.first_speaker}   tools: ${g.tools.map((t) => t.name).join(', ') || '-'}\n\n`,
      );
      printTable(
        ['NODE', 'TYPE', 'NAME', 'WAYS OUT'],
        g.nodes.map((n) => [
          n.id + (n.id === g.entry_node_id ? ' *' : '') + (n.global ? ' (global)' : ''),
          n.type,
          n.name ?? '',
          n.transitions.map((t) => `${t.condition.kind}->${t.target}`).join(', '),
        ]),
      );
    }),
  );

  withDbOption(
    agents
      .command('delete <agent>')
      .description('delete an agent with all its versions')
      .option('--force', 'also delete the runs made with it')
      .option('--json', 'print JSON'),
  ).action((ref: string, opts: { db?: string; json?: boolean; force?: boolean }) =>
    useApp(opts, async (_app, door) => {
      const { agent } = await storedAgent(door, ref, `agent "${ref}" not found`);
      const { deleted_runs } = await door.call('agents.delete', { id: agent.id, force: !!opts.force });
      if (opts.json) return printJson({ deleted: agent.id, deleted_runs });
      process.stdout.write(
        `Deleted agent ${agent.name} (${agent.id})${deleted_runs ? ` and ${deleted_runs} run(s)` : ''}\n`,
      );
    }),
  );
}
