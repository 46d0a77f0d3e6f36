import type { Command } from 'commander';
import { scriptedFixNote } from '../../../src-shared/text/scripted-fix-note.js';
import { FIX_UNTIL, type FixSession, type FixUntil } from '../../../src-shared/schemas/index.js';
import { MAX_FIX_ITERATIONS, MAX_FIX_REPEATS } from '../../../src-shared/limits.js';
import type { App, CliDoor, FixHooks } from '../../app/index.js';
import { CliError } from '../errors.js';
import { FIX_FLAGS, subjectFromFlags, wholeNumber, withSubjectFlags, type SubjectFlags } from '../fix-flags.js';
import { followJob, JobProgress } from '../job-progress.js';
import { info, printJson } from '../output.js';
import { withDbOption } from '../use-app.js';
import { formatFixEnd, formatIteration } from '../text/fix-text.js';

interface FixCliOptions extends SubjectFlags {
  db?: string;
  maxIterations?: string;
  until?: string;
  repeat?: string;
  keep: boolean;
  resume?: string;
  json?: boolean;
}

const STEP_WORDS: Record<string, string> = {
  diagnose: 'diagnosing',
  propose: 'proposing edits',
  apply: 'applying the edits as a new version',
  baseline: 'running the failing tests on the starting version (baseline)',
  target_run: 'running the failing tests on the new version',
  suite_run: 'running the rest of the suite on the new version',
  holdout: 'running the holdout tests on the final version',
};

/** The fix being printed (known once it is stored). */
interface Printing {
  fix?: FixSession;
}

function hooksFor(opts: FixCliOptions, p: Printing, bar: JobProgress): FixHooks {
  if (opts.json) return {};
  return {
    onFix: (fix) => {
      p.fix = fix;
      info(
        `fix ${fix.id}: ${fix.tests.map((t) => JSON.stringify(t)).join(', ')} of run ${fix.run_id} (agent ${JSON.stringify(fix.agent_name)} v${fix.start_version}), ${fix.repeats} conversations per failing test, at most ${fix.auto?.max_iterations} iteration${fix.auto?.max_iterations === 1 ? '' : 's'} until ${fix.auto?.until}${fix.holdout_tests.length ? `; ${fix.holdout_tests.length} holdout test(s) run at the end` : ''}`,
      );
    },
    onStep: (e) => bar.note(`[fix ${e.fix_id}] ${e.n ? `iteration ${e.n}: ` : ''}${STEP_WORDS[e.step] ?? e.step}`),
    onIteration: (it) => p.fix && process.stdout.write(formatIteration(it, p.fix)),
  };
}

/** Ctrl-C cancels the fix: the step in progress stops, what finished is kept, and --resume goes on from it. */
const ON_INTERRUPT = 'finished steps are kept: parley fix --resume continues';

async function runFix(app: App, door: CliDoor, runId: string | undefined, opts: FixCliOptions): Promise<FixSession> {
  const printing: Printing = {};
  const bar = new JobProgress('fix', opts.json);
  if (opts.resume) {
    const fix = (printing.fix = app.fix.get(opts.resume));
    if (!opts.json)
      for (const it of fix.iterations.filter((i) => i.outcome)) process.stdout.write(formatIteration(it, fix));
    const job = await app.fix.resume(opts.resume, hooksFor(opts, printing, bar), { keepWhenReached: opts.keep });
    info(`fix ${opts.resume}: resumed (job ${job.id})`);
    await followJob(job, { onInterrupt: ON_INTERRUPT }, bar);
    return app.fix.get(opts.resume);
  }
  if (!runId) throw new CliError('give the RUN to fix, or --resume FIX');
  const { subject, judge } = subjectFromFlags(opts);
  const maxIterations = wholeNumber('--max-iterations', opts.maxIterations);
  if (maxIterations === undefined)
    throw new CliError(`--max-iterations: required (a whole number from 1 to ${MAX_FIX_ITERATIONS})`);
  const until = (opts.until ?? 'improved') as FixUntil;
  if (!FIX_UNTIL.includes(until)) throw new CliError(`--until: expected improved or all-pass, got "${opts.until}"`);
  const { fix, job } = await app.fix.start(
    {
      run_id: runId,
      subject,
      judge,
      repeats: wholeNumber('--repeat', opts.repeat),
      max_iterations: maxIterations,
      until,
      keepWhenReached: opts.keep,
    },
    hooksFor(opts, printing, bar),
  );
  printing.fix = fix;
  // said once the fix is accepted (a run with nothing to fix is refused first), before anything is re-run
  const { run } = await door.call('runs.get', { id: fix.run_id });
  const note = scriptedFixNote(run);
  if (note && !opts.json) info(`note: ${note}`);
  await followJob(job, { onInterrupt: ON_INTERRUPT }, bar);
  return app.fix.get(fix.id);
}

export function registerFix(program: Command): void {
  withDbOption(
    withSubjectFlags(
      program
        .command('fix [run]')
        .description(
          'fix failing tests: diagnose, propose edits, apply them as a new agent version, re-run the failing tests (--repeat times each) and the rest of the suite, and iterate; a fix that breaks another test is a regression and is not accepted. Exit 0 when the target was reached, 1 when not (docs/fix.md)',
        ),
    )
      .option('--max-iterations <n>', `iterations at most (1 to ${MAX_FIX_ITERATIONS})`)
      .option('--until <target>', 'stop when the failing tests improved (improved) or all pass (all-pass)', 'improved')
      .option('--repeat <n>', `conversations per failing test in each re-run (1 to ${MAX_FIX_REPEATS}, default 3)`)
      .option('--no-keep', "leave the agent's latest version as it is even when the target is reached")
      .option('--resume <fix>', 'continue a fix whose process stopped, from its last finished step')
      .option('--json', 'print the fix as JSON'),
  ).action(async (runId: string | undefined, opts: FixCliOptions) => {
    const { useApp } = await import('../use-app.js');
    await useApp(
      opts,
      async (app, door) => {
        const fix = await runFix(app, door, runId, opts);
        if (opts.json) printJson(fix);
        else process.stdout.write(formatFixEnd(fix));
        process.exitCode = fix.stop?.reached ? 0 : 1;
      },
      FIX_FLAGS,
    );
  });
}
