import { z } from 'zod';
import { method } from './define.js';
import { TestSuite } from '../schemas/index.js';
import { SuiteDoc } from './personas.js';

const Id = z.object({ id: z.string().min(1) });

export const suiteMethods = {
  'suites.list': method('Test suites', z.object({}).default({}), z.array(SuiteDoc)),
  'suites.get': method('One suite', Id, SuiteDoc),
  'suites.save': method(
    'Create (no id) or update a suite',
    z.object({ id: z.string().optional(), suite: TestSuite, agent_id: z.string().nullable().optional() }),
    SuiteDoc,
  ),
  'suites.delete': method('Delete a suite', Id, z.object({ deleted: z.boolean() })),
  'suites.export': method(
    'Export a suite as Parley JSON or a voicetest test list',
    Id.extend({ format: z.enum(['parley', 'voicetest']) }),
    z.object({ text: z.string(), filename: z.string() }),
  ),
};
