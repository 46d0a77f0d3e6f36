import type { Command } from 'commander';
import { parseModelSpec, READINESS_ROLES, type ReadinessRole } from '../../../src-shared/schemas/index.js';
import { CliError } from '../errors.js';
import { formatReadinessText } from '../text/format-readiness.js';
import { followJob } from '../job-progress.js';
import { info, printJson } from '../output.js';
import { withDbOption } from '../use-app.js';

interface CheckCliOptions {
  db?: string;
  role: string[];
  concurrency?: string;
  json?: boolean;
}

const collect = (v: string, prev: string[]) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/** `parley models check SPEC`: the model readiness check (src-main/app/models/readiness.ts). */
export function registerModelsCheck(models: Command): void {
  withDbOption(
    models
      .command('check <spec>')
      .description(
        'readiness check: run built-in known-answer tasks (30 routing decisions, 20 extractions, 20 judged transcripts, 10 caller turns) through the engine and report accuracy per task family, output validity, speed and a verdict per role; stored and shown by `parley models`',
      )
      .option(
        '--role <role>',
        'agent (routing + extraction), caller or judge; repeat or comma-separate (default: all)',
        collect,
        [] as string[],
      )
      .option('--concurrency <n>', 'tasks at once (default: what the model serves in parallel, at most 4)')
      .option('--json', 'print JSON'),
  ).action(async (specText: string, own: CheckCliOptions, cmd: Command) => {
    // `parley models` has --json and --db too: commander hands them to it, so read both levels
    const opts = { ...cmd.optsWithGlobals(), ...own } as CheckCliOptions;
    let spec;
    try {
      spec = parseModelSpec(specText);
    } catch (e) {
      throw new CliError(`SPEC ${specText}: ${(e as Error).message}`);
    }
    for (const r of opts.role)
      if (!(READINESS_ROLES as readonly string[]).includes(r))
        throw new CliError(`--role: expected agent, caller or judge, got "${r}"`);
    const concurrency = opts.concurrency === undefined ? undefined : Number(opts.concurrency);
    if (concurrency !== undefined && (!/^\d+$/.test(opts.concurrency!.trim()) || !Number.isInteger(concurrency)))
      throw new CliError(`--concurrency: expected a whole number from 1 to 16, got "${opts.concurrency}"`);
    const { useApp } = await import('../use-app.js');
    await useApp(
      opts,
      async (app) => {
        // a job like the app's check: stored, one at a time on this database, Ctrl-C cancels it
        const job = app.readiness.start(
          { model: spec, roles: opts.role.length ? (opts.role as ReadinessRole[]) : undefined, concurrency },
          {
            onProgress: (done, total) => {
              if (!opts.json && (done === total || done % 10 === 0)) info(`[${done}/${total}] tasks`);
            },
          },
        );
        const report = await followJob(job, {
          quiet: true,
          onInterrupt: 'the tasks that finished are stored, marked cancelled',
        });
        if (opts.json) printJson(report);
        else process.stdout.write(formatReadinessText(report));
        if (report.cancelled) process.exitCode = 130;
      },
      { model: 'SPEC', roles: '--role', concurrency: '--concurrency' },
    );
  });
}
