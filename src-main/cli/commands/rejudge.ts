import type { Command } from 'commander';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { formatJudgementsText } from '../text/format-judgements.js';
import { CliError } from '../errors.js';
import { specFromFlags } from '../model-flags.js';
import { info, printJson } from '../output.js';
import { withDbOption } from '../use-app.js';
import { collect } from '../flags.js';
import { intFlag } from '../flags.js';
import { MAX_REJUDGE_K } from '../../app/index.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

interface RejudgeCliOptions {
  db?: string;
  judgeModel: string[];
  judgeParams?: string;
  k: string;
  json?: boolean;
}

export function registerRejudge(program: Command): void {
  withDbOption(
    program
      .command('rejudge <run>')
      .description(
        "judge a finished run's stored conversations again (k times, seeds 1..k) and report judge consistency; with --judge-model, judge against judge (Cohen's kappa, rank correlation, disagreements). Judgements are stored beside the original verdicts.",
      )
      .option(
        '--judge-model <spec>',
        "judge model SPEC (repeat for several; default: the run's own judge)",
        collect,
        [] as string[],
      )
      .option(
        '--judge-params <k=v,...>',
        "with --judge-model: the judge models' parameters, e.g. temperature=0.7 (seeds differ only when the judge samples)",
      )
      .option('--k <n>', `judgements per conversation and judge, seeds 1..k (1 to ${MAX_REJUDGE_K})`, '1')
      .option('--json', 'print JSON'),
  ).action(async (runId: string, opts: RejudgeCliOptions) => {
    const k = intFlag('--k', opts.k, { min: 1, max: MAX_REJUDGE_K })!;
    if (opts.judgeParams && !opts.judgeModel.length)
      throw new CliError(
        "--judge-params goes with --judge-model SPEC (the run's own judge keeps the parameters it was run with)",
      );
    const judges: ModelSpec[] = opts.judgeModel.map((value) =>
      specFromFlags({ flag: `--judge-model ${value}`, value }, { flag: '--judge-params', text: opts.judgeParams }),
    );
    const { useApp } = await import('../use-app.js');
    const { followJob } = await import('../job-progress.js');
    await useApp(opts, async (app, door) => {
      const { run } = await door.call('runs.get', { id: runId });
      const greedy = (judges.length ? judges : run.models.judge ? [run.models.judge.spec] : []).filter(
        // a scripted model's replies follow its rules (which may name a seed), not sampling
        (j) => j.provider !== 'scripted' && !j.params?.temperature,
      );
      if (k > 1 && greedy.length)
        info(
          `note: --k ${k} with a judge that does not sample (${greedy.map((j) => modelLabel(j)).join(', ')}: temperature 0): every seed gives the same verdict; add --judge-model SPEC --judge-params temperature=0.7 to measure how the judge varies`,
        );
      const job = await app.judgements.start({ run_id: runId, judges: judges.length ? judges : undefined, k });
      const out = await followJob(job, { quiet: opts.json, label: 're-judging' });
      if (opts.json) return printJson(out);
      process.stdout.write(formatJudgementsText(out.report));
      if (out.errors)
        process.stdout.write(
          `\n${out.errors} judge call(s) failed; their verdicts are missing${out.first_error ? ` (first: ${out.first_error})` : ''}\n`,
        );
    });
  });
}
