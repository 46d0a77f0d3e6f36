import { z } from 'zod';
import type { AgentImporter } from '../types.js';
import { importXlsForm } from './import.js';
import type { Workbook } from './workbook.js';

/** XLSForm survey (.xlsx): a workbook with a `survey` sheet (and `choices`, `settings`). Import only. */
export const xlsformImporter: AgentImporter = {
  id: 'xlsform',
  input: 'xlsx',
  detect: (doc) => (doc as Workbook).sheets.some((s) => s.name === 'survey'),
  schema: z.looseObject({ sheets: z.array(z.looseObject({ name: z.string() })) }),
  import: (doc, ctx) => importXlsForm(doc as Workbook, ctx),
  allowsLogicWithoutElse: true,
};
