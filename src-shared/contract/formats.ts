import { z } from 'zod';
import { method } from './define.js';

/** The outside formats Parley reads and writes. */
export const formatMethods = {
  'formats.list': method(
    'Formats Parley reads and writes',
    z.object({}).default({}),
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        import: z.boolean(),
        export: z.boolean(),
        /** What the format holds: an agent (the Agents page's imports) or a test suite. */
        holds: z.enum(['agent', 'suite']).optional(),
      }),
    ),
  ),
};
