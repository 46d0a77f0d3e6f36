import { z } from 'zod';
import { ModelSpec } from '../schemas/index.js';
import { method } from './define.js';

/** Call export formats `calls.import` reads (detected from the content when not given). */
export const CallFormatId = z.enum(['retell', 'vapi', 'plain']);

/** Real calls (import), and runs made from stored ones: evaluate (judge without simulating) and replay. */
export const callMethods = {
  'calls.import': method(
    'Import real call transcripts (Retell, VAPI, plain lists) as an imported run of an agent; all files or none',
    z.object({
      agent_id: z.string().min(1),
      /** Latest version when absent. */
      agent_version_id: z.string().optional(),
      files: z
        .array(z.object({ name: z.string().min(1), text: z.string() }))
        .min(1)
        .max(1000),
      format: CallFormatId.optional(),
    }),
    z.object({ run_id: z.string(), calls: z.number().int() }),
  ),
  'runs.evaluate': method(
    "Judge a stored run's conversations with a suite's metrics and rules, without simulating; the verdicts become a new run",
    z.object({
      id: z.string().min(1),
      suite_id: z.string().min(1),
      /** Needed when the suite (or the agent) has LLM metrics. */
      judge: ModelSpec.optional(),
      /** Judge every conversation with this test (default: the test of the same name, else the whole suite merged). */
      test: z.string().optional(),
    }),
    z.object({ run_id: z.string() }),
  ),
  'runs.replay': method(
    "Replay a run's recorded caller turns against an agent version (default: the latest); progress arrives as run events",
    z.object({
      id: z.string().min(1),
      agent_version_id: z.string().optional(),
      /** Default: the run's agent model (required for imported calls). */
      agent_model: ModelSpec.optional(),
      /** Default: the run's judge model, else the agent model. */
      judge_model: ModelSpec.optional(),
    }),
    z.object({ run_id: z.string() }),
  ),
  'app.backup': method(
    "Copy the database with SQLite's online backup into a backups folder next to it",
    z.object({}).default({}),
    z.object({ path: z.string(), bytes: z.number().int() }),
  ),
};
