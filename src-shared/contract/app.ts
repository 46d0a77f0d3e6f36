/** The app itself: version and features, the first-run example, backups. */
import { z } from 'zod';
import { method } from './define.js';

export const appMethods = {
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
  'app.backup': method(
    "Copy the database with SQLite's online backup into a backups folder next to it, or to `file` where the door may name files (never the database itself; an existing file only with force)",
    z.object({ file: z.string().min(1).optional(), force: z.boolean().default(false) }).default({ force: false }),
    z.object({ path: z.string(), bytes: z.number().int(), source: z.string() }),
  ),
};
