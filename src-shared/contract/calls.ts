import { z } from 'zod';
import { CALL_FORMATS } from '../formats/format-ids.js';
import { method } from './define.js';
import { importSizeProblem } from '../limits.js';
import { ModelSpec, TestCase } from '../schemas/index.js';
import { JobStarted } from './jobs.js';

/** One group of calls and the test proposed for it (issue 36). */
export const CallCluster = z.object({
  id: z.string(),
  label: z.string(),
  size: z.number().int(),
  /** Result ids of the group's calls, most typical first. */
  calls: z.array(z.string()),
  /** The words that mark the group, heaviest first. */
  terms: z.array(z.string()),
  /** The nodes the group's calls went through, with the share of its calls that did. */
  path: z.array(z.object({ node: z.string(), name: z.string().optional(), share: z.number() })),
  test: TestCase,
  note: z.string().optional(),
});

/** The result of a `calls.proposeTests` job: `{clusters: [{id, label, size, calls, test, ...}]}`. */
export const CallTestsOutcome = z.object({
  run_id: z.string(),
  agent: z.object({ agent_id: z.string(), agent_name: z.string(), version_id: z.string() }),
  k: z.object({
    value: z.number().int(),
    chosen_by: z.enum(['given', 'silhouette', 'too_few_calls']),
    silhouette: z.number(),
  }),
  clusters: z.array(CallCluster),
  /** Calls whose caller said no word another call shared. */
  ungrouped: z.array(z.string()),
  /** `provider:model` that wrote the tests; null: drafts from the calls' own words. */
  model: z.string().nullable(),
  /** Whether the run was imported with personal data redacted (its tests are scrubbed either way). */
  redacted_run: z.boolean(),
  cancelled: z.boolean().optional(),
});
export type CallTestsOutcome = z.infer<typeof CallTestsOutcome>;

/** Call export formats `calls.import` reads (detected from the content when not given). */
export const CallFormatId = z.enum(CALL_FORMATS);

/** Real calls: transcripts imported as a run. */
export const callMethods = {
  'calls.import': method(
    'Import real call transcripts (Retell, VAPI, plain lists) as an imported run of an agent; all files or none',
    z.object({
      agent_id: z.string().min(1),
      /** Latest version when absent. */
      agent_version_id: z.string().optional(),
      files: z
        .array(
          z.object({
            name: z.string().min(1),
            // each call file within the 10 MB import limit, as on the command line
            text: z.string().superRefine((s, ctx) => {
              const problem = importSizeProblem(s);
              if (problem) ctx.addIssue({ code: 'custom', message: `the file ${problem}` });
            }),
          }),
        )
        .min(1)
        .max(1000),
      format: CallFormatId.optional(),
      /** Replace personal data by placeholders before storing (the import dialog sends true by default). */
      redact: z.boolean().optional(),
    }),
    z.object({
      run_id: z.string(),
      calls: z.number().int(),
      /** Counts by kind of what was replaced (absent when the request did not say). */
      redaction: z.object({ applied: z.boolean(), replaced: z.record(z.string(), z.number().int()) }).optional(),
    }),
  ),
  'calls.proposeTests': method(
    "Tests from calls, as a job (its result: CallTestsOutcome): an imported run's calls grouped by what the caller wanted (no model), one proposed test per group (by the model when given, else a draft in the callers' words); nothing is stored: save reviewed tests with analysis.saveGapTests",
    z.object({
      run_id: z.string().min(1),
      /** How many groups; absent: chosen by silhouette (2-6). */
      groups: z.number().int().min(1).max(12).optional(),
      model: ModelSpec.optional(),
    }),
    JobStarted,
  ),
  'calls.importFiles': method(
    'Import call transcript files by path as an imported run of an agent; all files or none; the command line only (the app sends their contents to calls.import)',
    z.object({
      agent_id: z.string().min(1),
      agent_version_id: z.string().optional(),
      paths: z.array(z.string().min(1)).min(1),
      format: CallFormatId.optional(),
      /** Shown for the run where a suite name would be. */
      name: z.string().optional(),
      redact: z.boolean().optional(),
    }),
    z.object({
      run_id: z.string(),
      kind: z.string(),
      status: z.string(),
      agent: z.object({ id: z.string(), version_id: z.string(), version: z.number().int(), name: z.string() }),
      /** Null when the request did not say whether to redact. */
      redaction: z.object({ applied: z.boolean(), replaced: z.record(z.string(), z.number().int()) }).nullable(),
      calls: z.array(
        z.object({
          result_id: z.string(),
          test: z.string(),
          file: z.string(),
          format: z.string(),
          turns: z.number().int(),
          transcript_turns: z.number().int(),
          tools_called: z.number().int(),
          nodes_visited: z.number().int(),
          duration_ms: z.number(),
        }),
      ),
    }),
  ),
};
