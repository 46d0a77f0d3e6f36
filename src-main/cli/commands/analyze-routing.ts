import type { Command } from 'commander';
import type { RoutingPoint } from '../../../src-shared/contract/analysis.js';
import { parseModelSpec, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { printJson, printTable } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';
import { intFlag } from '../flags.js';
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

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** One decision point as a person reads it: the table, then what it means, then the misrouted lines. */
export function printPoint(p: RoutingPoint): void {
  process.stdout.write(
    `\nnode ${p.node_id}: ${pct(p.accuracy)} routed as meant, ${p.misrouted} misrouted, none rate ${pct(p.none_rate)}\n`,
  );
  printTable(
    ['meant \\ chosen', ...p.keys],
    p.keys.map((k, i) => [k, ...p.matrix[i].map(String)]),
  );
  for (const s of p.steals) process.stdout.write(`  ${s.to} steals ${s.count} line(s) meant for ${s.from}\n`);
  if (p.no_lines.length)
    process.stdout.write(
      `  WARNING: the model wrote no usable caller line for ${p.no_lines.join(', ')}: not tested (try another model or more --per-condition)\n`,
    );
  const untested = new Set(p.no_lines);
  const never = p.never_wins.filter((k) => !untested.has(k));
  if (never.length) process.stdout.write(`  never chosen: ${never.join(', ')}\n`);
  for (const u of p.utterances.filter((x) => x.intended !== x.chosen))
    process.stdout.write(
      `  - "${u.text}": meant ${u.intended}, went to ${u.chosen}${u.reason ? ` (${u.reason})` : ''}\n`,
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
      async (app) => {
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
          `${out.agent.agent_name} v${out.agent.version}: ${out.report.points.length} decision point(s), ${out.report.calls} model calls in ${(out.report.ms / 1000).toFixed(1)} s (${out.report.model})\n`,
        );
        out.report.points.forEach(printPoint);
        process.stdout.write(`\nstored as ${out.id}\n`);
        if (out.suite)
          process.stdout.write(`saved ${out.suite.tests} test(s) in suite "${out.suite.name}" (${out.suite.id})\n`);
        else if (opts.saveTests) process.stdout.write('no misrouted line: no test saved\n');
      },
      { model: '--model', node: '--node', agent_version_id: '--version' },
    ),
  );
}
