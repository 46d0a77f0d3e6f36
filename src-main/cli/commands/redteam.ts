import fs from 'node:fs';
import type { Command } from 'commander';
import type { RedteamReport } from '../../../src-shared/contract/redteam.js';
import {
  DEFAULT_STRATEGY,
  REDTEAM_STRATEGIES,
  STRATEGY_IDS,
  unknownStrategies,
  type RedteamStrategyId,
} from '../../../src-shared/redteam/strategies.js';
import { portableRun, toJUnitXml, type App, type CliDoor, type RunOutcome } from '../../app/index.js';
import { CliError } from '../errors.js';
import { intFlag } from '../flags.js';
import { followJob } from '../job-progress.js';
import { specFromFlags } from '../model-flags.js';
import { printJson, printTable } from '../output.js';
import { redteamFailed, redteamText } from '../text/redteam-text.js';
import { useApp, withDbOption } from '../use-app.js';

interface RedteamFlags {
  db?: string;
  agent?: string;
  tests?: string;
  agentModel?: string;
  attackerModel?: string;
  judgeModel?: string;
  agentParams?: string;
  attackerParams?: string;
  judgeParams?: string;
  categories?: string;
  strategies?: string;
  attempts?: string;
  maxTurns?: string;
  seed?: string;
  concurrency?: string;
  failAbove?: string;
  junit?: string;
  json?: boolean;
  list?: boolean;
}

const out = (s: string) => process.stdout.write(`${s}\n`);

const listOf = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** --strategies LIST: ids of the strategies table; an unknown one is refused with the valid ids (exit 2). */
function strategiesOf(v: string | undefined): RedteamStrategyId[] | undefined {
  if (v === undefined) return undefined;
  const ids = listOf(v);
  const problem = ids.length ? unknownStrategies(ids) : `expected strategy ids (${STRATEGY_IDS.join(', ')})`;
  if (problem) throw new CliError(`--strategies: ${problem}`);
  return ids as RedteamStrategyId[];
}

function failAboveOf(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = /^\s*(0(\.\d+)?|1(\.0+)?)\s*$/.test(v) ? Number(v) : NaN;
  if (Number.isNaN(n)) throw new CliError(`--fail-above: expected a rate from 0 to 1 (e.g. 0.1), got "${v}"`);
  return n;
}

async function listCategories(door: CliDoor, json?: boolean): Promise<void> {
  const { categories, strategies, min_words } = await door.call('redteam.categories', {});
  if (json) return printJson({ categories, strategies, min_words });
  printTable(
    ['CATEGORY', 'OWASP', 'BUILT', 'TRIES'],
    categories.map((c) => [c.id, c.owasp, c.built ? 'yes' : 'not built yet', c.tries]),
  );
  out('');
  printTable(
    ['STRATEGY', 'WHAT THE ATTACKER DOES'],
    strategies.map((s) => [s.id, s.description]),
  );
}

async function redteam(app: App, door: CliDoor, o: RedteamFlags): Promise<number> {
  if (o.list) {
    await listCategories(door, o.json);
    return 0;
  }
  if (!o.agent || !o.agentModel)
    throw new CliError(
      'parley redteam needs --agent <agent> and --agent-model SPEC (parley redteam --list: the categories)',
    );
  const failAbove = failAboveOf(o.failAbove);
  const strategies = strategiesOf(o.strategies);
  const agent = specFromFlags(
    { flag: '--agent-model', value: o.agentModel },
    { flag: '--agent-params', text: o.agentParams },
  );
  const caller = specFromFlags(
    { flag: '--attacker-model', value: o.attackerModel ?? o.agentModel },
    { flag: '--attacker-params', text: o.attackerParams ?? (o.attackerModel ? undefined : o.agentParams) },
  );
  const judge = specFromFlags(
    { flag: '--judge-model', value: o.judgeModel ?? o.agentModel },
    { flag: '--judge-params', text: o.judgeParams ?? (o.judgeModel ? undefined : o.agentParams) },
  );
  const attempts = intFlag('--attempts', o.attempts, { min: 1, max: 100 });
  const maxTurns = intFlag('--max-turns', o.maxTurns, { min: 1, max: 500 });
  const seed = intFlag('--seed', o.seed, { min: 0 });
  const concurrency = intFlag('--concurrency', o.concurrency, { min: 1, max: 64 });
  const { job_id, run_id } = await door.call('redteam.start', {
    agent: o.agent,
    ...(o.tests ? { tests: o.tests } : {}),
    models: { agent, caller, judge },
    ...(o.categories ? { categories: listOf(o.categories) } : {}),
    ...(strategies ? { strategies } : {}),
    ...(attempts ? { attempts } : {}),
    ...(maxTurns ? { max_turns: maxTurns } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(concurrency ? { concurrency } : {}),
  });
  const outcome = await followJob(app.jobs.job<RunOutcome>(job_id)!, {
    quiet: o.json,
    label: `red team ${run_id}`,
    onInterrupt: 'finished attempts are kept in the run',
  });
  const report: RedteamReport = await door.call('redteam.report', { run_id });
  if (o.junit) {
    // each attempt a test case; a successful attack is a failure naming its detector, turn and words
    fs.writeFileSync(o.junit, toJUnitXml(portableRun(outcome.run), outcome.results));
    process.stderr.write(`Wrote the JUnit XML report (${outcome.results.length} attempt(s)) to ${o.junit}\n`);
  }
  if (o.json) printJson({ ...report, fail_above: failAbove ?? null, failed: redteamFailed(report, failAbove) });
  else for (const line of redteamText(report)) out(line);
  return redteamFailed(report, failAbove) ? 1 : 0;
}

/**
 * `parley redteam --agent A [--tests S] --agent-model SPEC --attacker-model SPEC --judge-model SPEC [--categories LIST]
 * [--strategies LIST] [--attempts N] [--max-turns N] [--json] [--fail-above RATE]`: simulated attackers by category (redteam.start, the
 * same job the app calls), graded by detectors first, then the judge (redteam.report). Exit 1 when an attack succeeded.
 */
export function registerRedteam(program: Command): void {
  withDbOption(
    program
      .command('redteam')
      .description(
        'attack an agent by category with simulated callers; leaks found by exact detectors (docs/red-team.md)',
      )
      .option('--agent <agent>', 'agent file, id or name')
      .option(
        '--tests <suite>',
        'suite (file, id or name) whose tool mocks, variables, canaries and tool policies the attempts use',
      )
      .option('--agent-model <spec>', 'the agent model')
      .option('--attacker-model <spec>', 'the simulated attacker (default: the agent model)')
      .option('--judge-model <spec>', 'the judge of the per-category rubric (default: the agent model)')
      .option('--agent-params <k=v,...>', 'agent model parameters (temperature=0,max_tokens=256)')
      .option('--attacker-params <k=v,...>', 'attacker model parameters (default: the agent params with its model)')
      .option('--judge-params <k=v,...>', 'judge model parameters (default: the agent params with its model)')
      .option('--categories <list>', 'comma-separated category ids (default: every built one; --list shows them)')
      .option(
        '--strategies <list>',
        `comma-separated attacker strategies, round-robin over each category's attempts (default ${DEFAULT_STRATEGY}): ${REDTEAM_STRATEGIES.map((s) => `${s.id} (${s.description})`).join('; ')}`,
      )
      .option('--attempts <n>', 'attempts per category (default 3)')
      .option('--max-turns <n>', 'attacker turns per attempt (default 6)')
      .option('--seed <n>', "seeds the openers' order and each attempt's own attacker seed (default 1)")
      .option('--concurrency <n>', 'attempts at once')
      .option('--fail-above <rate>', 'exit 1 only when a category’s attack success rate is above this (0 to 1)')
      .option('--junit <file>', 'write a JUnit XML report (each attempt a test case; a successful attack fails)')
      .option('--list', 'list the categories, built or not yet')
      .option('--json', 'print JSON'),
  ).action(async (opts: RedteamFlags) => {
    strategiesOf(opts.strategies); // a bad id is refused before the database is opened: nothing written
    process.exitCode = await useApp(opts, (app, door) => redteam(app, door, opts), {
      categories: '--categories',
      strategies: '--strategies',
      tests: '--tests',
      agent: '--agent',
      'models.caller': '--attacker-model',
    });
  });
}
