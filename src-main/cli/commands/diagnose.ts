import type { Command } from 'commander';
import { formatDiagnoses } from '../text/fix-text.js';
import { FIX_FLAGS, subjectFromFlags, withSubjectFlags, type SubjectFlags } from '../fix-flags.js';
import type { DiagnoseOutcome } from '../../app/index.js';
import { followJob } from '../job-progress.js';
import { startedJob } from '../started-job.js';
import { printJson } from '../output.js';
import { withDbOption } from '../use-app.js';

interface DiagnoseCliOptions extends SubjectFlags {
  db?: string;
  json?: boolean;
}

export function registerDiagnose(program: Command): void {
  withDbOption(
    withSubjectFlags(
      program
        .command('diagnose <run>')
        .description(
          "say where a failed test's fault is in the agent (global prompt, node instruction, transition condition, missing transition, tool or variable, or not the agent) with the transcript lines that show it and the root cause: one structured judge-model call per failed test or failure group (docs/fix.md)",
        ),
    ).option('--json', 'print JSON'),
  ).action(async (runId: string, opts: DiagnoseCliOptions) => {
    const { subject, judge } = subjectFromFlags(opts);
    const { useApp } = await import('../use-app.js');
    await useApp(
      opts,
      async (app, door) => {
        const { job_id } = await door.call('fixes.diagnoseRun', { run_id: runId, ...subject, judge });
        // the one progress printer: diagnoses counted on stderr, Ctrl-C cancels the job
        const out = await followJob(startedJob<DiagnoseOutcome>(app, job_id), { quiet: opts.json, label: 'diagnose' });
        if (opts.json) return printJson(out);
        process.stdout.write(formatDiagnoses(out, out.diagnoses[0]?.model ?? 'the judge model'));
      },
      FIX_FLAGS,
    );
  });
}
