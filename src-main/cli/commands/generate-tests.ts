import type { Command } from 'commander';
import { nodesToVisit } from '../../../src-shared/checks/check-kinds.js';
import { coverageLine } from '../../../src-shared/coverage.js';
import { parseModelSpec, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { useApp, withDbOption } from '../use-app.js';
import { intFlag } from '../flags.js';
import { followJob } from '../job-progress.js';
import { startedJob } from '../started-job.js';
import { generateFromCalls } from './generate-from-calls.js';

interface Opts {
  db?: string;
  uncovered?: boolean;
  suite?: string;
  model?: string;
  version?: string;
  concurrency?: string;
  gap?: string[];
  save?: boolean;
  run?: boolean;
  json?: boolean;
  fromCalls?: string;
  groups?: string;
}

function spec(flag: string, v: string | undefined): ModelSpec | undefined {
  if (!v) return undefined;
  try {
    return parseModelSpec(v);
  } catch (e) {
    throw new CliError(`${flag}: ${(e as Error).message}`);
  }
}

const out = (s: string) => process.stdout.write(`${s}\n`);

/**
 * `parley generate tests AGENT --uncovered --suite S`: one proposed test per edge or global node no run
 * of the suite reached (one model call each). Without --save it prints the proposals for review; with
 * --save it adds them to the suite; with --run it then runs them and prints the coverage before and after.
 */
export function registerGenerate(program: Command): void {
  const generate = program
    .command('generate')
    .description('propose test cases from what the agent graph and its runs say');
  withDbOption(
    generate
      .command('tests <agent>')
      .description(
        "propose tests: for the edges and global nodes no run of the suite reached (--uncovered), or one per group of an imported run's calls (--from-calls)",
      )
      .option('--uncovered', 'aim at the coverage gaps of the suite (one model call per gap)')
      .option(
        '--from-calls <run>',
        "group an imported run's calls by what the caller wanted (no model needed) and propose one test per group",
      )
      .option('--groups <k>', 'with --from-calls: how many groups (default: chosen from the calls, 2-6)')
      .option('--suite <suite>', 'the suite whose stored runs give the coverage, and where --save adds the tests')
      .option('--model <spec>', "model that writes the proposals (default: the agent model of the suite's latest run)")
      .option('--version <n>', 'measure this agent version (number or id) instead of the latest')
      .option('--gap <key...>', 'only these gaps (source::transition or global:<node>, as listed)')
      .option('--concurrency <n>', 'model calls at once (default 2)')
      .option('--save', 'add the proposals to the suite')
      .option('--run', 'with --save: run the new tests (agent, caller and judge on --model) and print the new coverage')
      .option('--json', 'print JSON'),
  ).action((agent: string, opts: Opts) =>
    useApp(
      opts,
      async (app, door) => {
        if (opts.fromCalls && opts.uncovered) throw new CliError('choose one: --uncovered or --from-calls RUN');
        if (opts.fromCalls) return generateFromCalls(app, door, agent, { ...opts, fromCalls: opts.fromCalls });
        if (!opts.uncovered)
          throw new CliError(
            'parley generate tests needs --uncovered (tests aimed at the coverage gaps of --suite) or --from-calls RUN',
          );
        if (!opts.suite) throw new CliError('parley generate tests --uncovered needs --suite SUITE (id or name)');
        if (opts.run && !opts.save) throw new CliError('--run runs the saved tests: add --save');
        const model = spec('--model', opts.model);
        const res = await followJob(
          await app.analysis.proposeGapTests({
            agent_id: agent,
            agent_version_id: opts.version,
            suite_id: opts.suite,
            ...(model ? { model } : {}),
            ...(opts.gap?.length ? { gaps: opts.gap } : {}),
            concurrency: intFlag('--concurrency', opts.concurrency, { min: 1, max: 64 }),
          }),
          { quiet: opts.json, label: 'proposing tests', onInterrupt: 'nothing will be saved' },
        );
        if (res.cancelled) throw new CliError('cancelled: nothing was saved', 130);
        let saved: { suite: { id: string; name: string }; added: string[] } | undefined;
        if (opts.save && res.proposals.length)
          saved = await door.call('analysis.saveGapTests', {
            suite_id: res.suite.id,
            tests: res.proposals.map((p) => p.test),
          });
        let after;
        let runId: string | undefined;
        if (opts.run && saved) {
          // the app's "run them" too: runs.start on the stored suite, followed as the job it starts
          const started = await door.call('runs.start', {
            agent_id: res.agent.agent_id,
            agent_version_id: res.agent.version_id,
            suite_id: res.suite.id,
            models: { agent: res.model_spec },
            options: {
              tests: saved.added,
              concurrency: intFlag('--concurrency', opts.concurrency, { min: 1, max: 64 }) ?? 2,
            },
          });
          runId = started.run_id;
          await followJob(startedJob(app, started.job_id), { quiet: opts.json, label: `run ${runId}` });
          after = await door.call('analysis.coverage', {
            agent_id: res.agent.agent_id,
            agent_version_id: res.agent.version_id,
            suite_id: res.suite.id,
          });
        }
        if (opts.json)
          return printJson({
            ...res,
            ...(saved ? { saved } : {}),
            ...(runId ? { run_id: runId } : {}),
            ...(after ? { coverage_after: after.coverage } : {}),
          });
        out(
          `${res.agent.agent_name} v${res.agent.version}, suite "${res.suite.name}" (${res.runs} run(s)): ${coverageLine(res.coverage)}`,
        );
        out(`${res.gaps.length} gap(s); ${res.proposals.length} proposal(s) from ${res.model}`);
        for (const p of res.proposals) {
          const persona = typeof p.test.persona === 'object' ? p.test.persona : undefined;
          out(`\n[${p.gap.key}] ${p.test.name}`);
          out(
            `  aims at: ${p.gap.kind === 'edge' ? `${p.gap.from} -> ${p.gap.to}` : `global node ${p.gap.to}`} when: ${p.gap.condition}`,
          );
          if (persona) out(`  caller: ${persona.name}; goal: ${persona.goal}`);
          if (persona && Object.keys(persona.identity).length)
            out(
              `  knows: ${Object.entries(persona.identity)
                .map(([k, v]) => `${k}=${v}`)
                .join(', ')}`,
            );
          out(`  asserts: visits ${nodesToVisit(p.test.assertions).join(', ')}`);
          if (p.why) out(`  why: ${p.why}`);
        }
        for (const f of res.failures) out(`\n[${f.gap.key}] NO PROPOSAL: ${f.error}`);
        if (saved)
          out(`\nadded ${saved.added.length} test(s) to suite "${saved.suite.name}": ${saved.added.join(', ')}`);
        else if (res.proposals.length)
          out(`\nnothing saved: review the proposals above, then run again with --save to add them to the suite`);
        if (after) {
          out(`ran them as run ${runId}`);
          out(`coverage before: ${coverageLine(res.coverage)}`);
          out(`coverage after:  ${coverageLine(after.coverage)}`);
          const was = new Set(res.coverage.uncovered_edges.map((e) => e.key));
          const now = new Set(after.coverage.uncovered_edges.map((e) => e.key));
          const newly = [...was].filter((k) => !now.has(k));
          if (newly.length) out(`newly covered edges: ${newly.join(', ')}`);
        }
        if (res.failures.length && !res.proposals.length) process.exitCode = 1;
      },
      { model: '--model', suite_id: '--suite', agent_version_id: '--version', gaps: '--gap' },
    ),
  );
}
