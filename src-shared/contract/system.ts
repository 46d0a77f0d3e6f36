import { z } from 'zod';
import { method } from './define.js';

export const systemMethods = {
  'app.info': method(
    'Version, data location and which features are built',
    z.object({}).default({}),
    z.object({
      version: z.string(),
      db_path: z.string(),
      mode: z.enum(['desktop', 'web']),
      features: z.record(z.string(), z.boolean()),
    }),
  ),
  'app.firstRun': method(
    'Import the bundled example agent and suite (idempotent)',
    z.object({}).default({}),
    z.object({
      agent_id: z.string(),
      suite_id: z.string(),
      created: z.boolean(),
      /** The bundled scripted model (`scripted:/abs/path.json`) that runs the example offline. */
      model_spec: z.string().optional(),
    }),
  ),
};
