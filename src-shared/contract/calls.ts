import { z } from 'zod';
import { method } from './define.js';
import { importSizeProblem } from '../limits.js';

/** Call export formats `calls.import` reads (detected from the content when not given). */
export const CallFormatId = z.enum(['retell', 'vapi', 'bland', 'telnyx', 'plain']);

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
