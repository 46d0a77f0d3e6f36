import { z } from 'zod';
import { ModelSpec, Result, Run, RunOptions, RunStatus } from '../schemas/index.js';
import { method } from './define.js';

export const ResultRow = z.object({
  id: z.string(), test: z.string(), test_index: z.number().int(), repeat: z.number().int(), status: z.string(),
  end_reason: z.string(), turns: z.number().int(), duration_ms: z.number(),
});

export const StartRunInput = z.object({
  agent_id: z.string().min(1),
  /** Latest version when absent. */
  agent_version_id: z.string().optional(),
  suite_id: z.string().min(1),
  models: z.object({ agent: ModelSpec, caller: ModelSpec.optional(), judge: ModelSpec.optional() }),
  options: RunOptions.partial().default({}),
});

export const runMethods = {
  'runs.list': method('Runs, newest first, with filters', z.object({
    agent_id: z.string().optional(), status: RunStatus.optional(), model: z.string().optional(), suite_id: z.string().optional(),
    since: z.string().optional(), until: z.string().optional(),
    limit: z.number().int().min(1).max(1000).default(100), offset: z.number().int().min(0).default(0),
  }).default({ limit: 100, offset: 0 }), z.array(Run)),
  'runs.get': method('A run and its result rows', z.object({ id: z.string().min(1) }), z.object({ run: Run, results: z.array(ResultRow) })),
  'runs.result': method('One full result (transcript, metrics, path)', z.object({ id: z.string().min(1) }), Result),
  'runs.results': method('All full results of a run', z.object({ id: z.string().min(1) }), z.array(Result)),
  'runs.start': method('Start a run; progress arrives as run events', StartRunInput, z.object({ run_id: z.string() })),
  'runs.cancel': method('Cancel a running run (finished results are kept)', z.object({ id: z.string().min(1) }), z.object({ cancelled: z.boolean() })),
  'runs.resume': method('Run only what an interrupted run is missing', z.object({ id: z.string().min(1) }), z.object({ run_id: z.string() })),
  'runs.delete': method('Delete a run and its results', z.object({ id: z.string().min(1) }), z.object({ deleted: z.boolean() })),
  'runs.export': method('Export a run as JSON or JUnit XML', z.object({ id: z.string().min(1), format: z.enum(['json', 'junit']) }),
    z.object({ text: z.string(), filename: z.string() })),
  'compare.diff': method('Compare two runs test by test', z.object({ a: z.string().min(1), b: z.string().min(1) }), z.unknown()),
  'compare.matrix': method('N-way comparison of several runs', z.object({ runs: z.array(z.string().min(1)).min(2) }), z.unknown()),
};
