import { z } from 'zod';
import { method } from './define.js';

/** One row of the format table (src-shared/formats/format-table.ts) as the renderer reads it. */
export const ListedFormat = z.object({
  id: z.string(),
  name: z.string(),
  /** Short, for lists (the Agents page's source column). */
  label: z.string(),
  import: z.boolean(),
  export: z.boolean(),
  /** What the format holds: an agent (the Agents page's imports) or a test suite; absent for a call log format. */
  holds: z.enum(['agent', 'suite']).optional(),
  /** The endings of the files it is read from. */
  extensions: z.array(z.string()).optional(),
  /** The ending of the file an export writes, and its MIME type. */
  export_extension: z.string().optional(),
  mime: z.string().optional(),
  /** `calls.import` reads call logs in it. */
  call_log: z.boolean(),
});

/** The outside formats Parley reads and writes. */
export const formatMethods = {
  'formats.list': method('Formats Parley reads and writes', z.object({}).default({}), z.array(ListedFormat)),
};
