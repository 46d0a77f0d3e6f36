import type { Command } from 'commander';
import type { RoutingPoint } from '../../../src-shared/contract/analysis.js';
import { parseModelSpec, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { printJson, printTable } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';
import { intFlag } from '../flags.js';
import { plural } from '../../../src-shared/text/plural.js';
import {
  conditionList,
  labelOf,
  misroutedLine,
  pointName,
  pointSummary,
  routingLabels,
  stealSentences,
  type NamedNode,
} from '../../../src-shared/text/routing-text.js';
import { followJob } from '../job-progress.js';

interface Opts {
  db?: string;
  model?: string;
  node?: string;
  json?: boolean;
  saveTests?: boolean;
  version?: string;
  perCondition?: string;
  none?: string;
  concurrency?: string;
}

function spec(v: string | undefined): ModelSpec {
  if (!v)
    throw new CliError(
      'parley analyze routing needs --model SPEC (llama-cpp:PATH.gguf, ollama:NAME, openai:NAME, scripted:FILE)',
    );
  try {
    return parseModelSpec(v);
  } catch (e) {
    throw new CliError(`--model: ${(e as Error).message}`);
  }
}

/**
 * One decision point as a person reads it: the node's name (id in parentheses), the table headed by where
 * each condition leads, then what it means and the misrouted lines, conditions named with their ids.
 */
export function printPoint(p: RoutingPoint, nodes: readonly NamedNode[]): void {
  const labels = routingLabels(p, nodes);
  const name = pointName(p, nodes);
  process.stdout.write(`\n${name}${name === p.node_id ? '' : ` (${p.node_id})`}: ${pointSummary(p)}\n`);
  printTable(
    ['meant \\ chosen', ...p.keys.map((k) => labelOf(labels, k).head)],
    p.keys.map((k, i) => [labelOf(labels, k).head, ...p.matrix[i].map(String)]),
  );
  for (const s of stealSentences(p, nodes, 'parentheses')) process.stdout.write(`  ${s.text}\n`);
  if (p.no_lines.length)
    process.stdout.write(
      `  WARNING: the model wrote no usable caller line for ${conditionList(p.no_lines, p, nodes, 'parentheses')}: not tested (try another model or more --per-condition)\n`,
    );
  const untested = new Set(p.no_lines);
  const never = p.never_wins.filter((k) => !untested.has(k));
  if (never.length) process.stdout.write(`  never chosen: ${conditionList(never, p, nodes, 'parentheses')}\n`);
  for (const u of p.utterances.filter((x) => x.intended !== x.chosen))
    process.stdout.write(
      `  - ${misroutedLine(u, p, nodes, 'parentheses')}${u.reason ? ` (router: ${u.reason})` : ''}\n`,
    );
}

/** `parley analyze routing AGENT --model SPEC`: will the router take the edge each caller line is meant for? */
export function registerAnalyzeRouting(analyze: Command): void {
  withDbOption(
    analyze
      .command('routing <agent>')
      .description("routing ambiguity check: caller lines per condition, routed by Parley's own router")
      .option('--model <spec>', 'model that writes the caller lines and routes them (as the agent model would)')
      .option('--node <id>', 'only this decision point')
      .option('--version <n>', 'analyse this version (number or id) instead of the latest')
      .option('--per-condition <n>', 'caller lines per condition (default 8)')
      .option('--none <n>', 'caller lines meant for no condition (default 3)')
      .option('--concurrency <n>', 'model calls at once (default 2)')
      .option('--save-tests', 'save the misrouted lines as a test suite with path assertions')
      .option('--json', 'print JSON'),
  ).action((agent: string, opts: Opts) =>
    useApp(
      opts,
      async (app, door) => {
        const req = {
          agent_id: agent,
          agent_version_id: opts.version,
          model: spec(opts.model),
          node: opts.node,
          per_condition: intFlag('--per-condition', opts.perCondition, { min: 1, max: 50 }),
          none: intFlag('--none', opts.none, { min: 0, max: 20 }),
          concurrency: intFlag('--concurrency', opts.concurrency, { min: 1, max: 64 }),
          save_tests: !!opts.saveTests,
        };
        const out = await followJob(await app.analysis.routing(req), {
          quiet: opts.json,
          label: 'routing analysis',
          onInterrupt: 'nothing will be stored',
        });
        if (out.cancelled) throw new CliError('routing analysis cancelled: nothing was stored', 130);
        if (opts.json) return printJson(out);
        process.stdout.write(
          `${out.agent.agent_name} v${out.agent.version}: ${plural(out.report.points.length, 'decision point')}, ${plural(out.report.calls, 'model call')} in ${(out.report.ms / 1000).toFixed(1)} s (${out.report.model})\n`,
        );
        const { graph } = await door.call('agents.get', { id: out.agent.agent_id, version_id: out.agent.version_id });
        const nodes = graph.nodes;
        for (const p of out.report.points) printPoint(p, nodes);
        process.stdout.write(`\nstored as ${out.id}\n`);
        if (out.suite)
          process.stdout.write(
            `saved ${plural(out.suite.tests, 'test')} in suite "${out.suite.name}" (${out.suite.id})\n`,
          );
        else if (opts.saveTests) process.stdout.write('no misrouted line: no test saved\n');
      },
      { model: '--model', node: '--node', agent_version_id: '--version' },
    ),
  );
}
