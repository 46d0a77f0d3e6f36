import { z } from 'zod';
import { ModelSpec, Persona, TestSuite } from '../schemas/index.js';
import { method } from './define.js';
import { importSizeProblem } from '../limits.js';
import { JobStarted } from './jobs.js';

/** The result of a `personas.generate` job. */
export const GeneratedPersonas = z.object({ personas: z.array(z.object({ persona: Persona, why: z.string() })) });
export type GeneratedPersonas = z.infer<typeof GeneratedPersonas>;

const Doc = <T extends z.ZodType>(data: T) =>
  z.object({ id: z.string(), name: z.string(), data, created_at: z.string(), updated_at: z.string() });
export const PersonaDoc = Doc(Persona);
export const SuiteDoc = Doc(TestSuite);
const Id = z.object({ id: z.string().min(1) });

/** A text within the 10 MB import limit (src-shared/limits.ts), like any file Parley imports. */
const importText = z
  .string()
  .min(1)
  .superRefine((s, ctx) => {
    const problem = importSizeProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: `the text ${problem}` });
  });
/** A persona within the import limit (a 50 MB persona was stored as 100 MB). */
const BoundedPersona = Persona.superRefine((p, ctx) => {
  const problem = importSizeProblem(JSON.stringify(p));
  if (problem) ctx.addIssue({ code: 'custom', message: `the persona ${problem}` });
});

export const personaMethods = {
  'personas.list': method('Persona library', z.object({}).default({}), z.array(PersonaDoc)),
  'personas.get': method('One persona', Id, PersonaDoc),
  'personas.save': method(
    'Create (no id) or update a persona',
    z.object({ id: z.string().optional(), persona: BoundedPersona }),
    PersonaDoc,
  ),
  'personas.delete': method('Delete a persona', Id, z.object({ deleted: z.boolean() })),
  'personas.importMarkdown': method(
    'Import a Retell-style persona (## Identity / ## Goal / ## Personality)',
    z.object({ name: z.string().min(1), markdown: importText }),
    PersonaDoc,
  ),
  'personas.importFiles': method(
    'Import persona files by path (Retell-style markdown or Parley persona JSON), all or none; the command line only (the app sends their contents)',
    z.object({ files: z.array(z.string().min(1)).min(1) }),
    z.array(PersonaDoc.extend({ warnings: z.array(z.string()) })),
  ),
  'personas.generate': method(
    'Propose test callers for an agent with one model call, as a job (its result: GeneratedPersonas); nothing is stored: review, then save the ones to keep',
    z.object({ agent_id: z.string().min(1), model: ModelSpec, count: z.number().int().min(1).max(8).default(4) }),
    JobStarted,
  ),
};
