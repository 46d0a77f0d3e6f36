import type { ImportContext } from '../types.js';
import type { Sheet, SheetRow } from './workbook.js';

/** XLSForm choice lists and question types: what the caller may answer, as an extract variable. */

const TEXT_TYPES = new Set([
  'text',
  'date',
  'time',
  'datetime',
  'geopoint',
  'geotrace',
  'geoshape',
  'barcode',
  'image',
  'audio',
  'video',
  'file',
]);

export function labelOf(row: SheetRow): string | undefined {
  const key = Object.keys(row.cells).find((k) => k.startsWith('label::'));
  return key ? row.cells[key] : undefined;
}

export type Choices = Map<string, { name: string; label: string }[]>;

export function readChoices(sheet: Sheet | undefined, ctx: ImportContext): Choices {
  const out: Choices = new Map();
  for (const row of sheet?.rows ?? []) {
    const list = (row.cells.list_name ?? row.cells['list name'] ?? '').trim();
    const name = (row.cells.name ?? '').trim();
    if (!list || !name) {
      ctx.error(
        `choices!${sheet!.columns[list ? 'name' : 'list_name'] ?? 'A'}${row.row}`,
        `found an empty ${list ? 'name' : 'list_name'}; expected every choice to have a list_name and a name`,
      );
      continue;
    }
    const label = (row.cells.label ?? labelOf(row) ?? name).trim();
    const options = out.get(list);
    if (options) options.push({ name, label });
    else out.set(list, [{ name, label }]);
  }
  return out;
}

export function answerVariable(
  type: string,
  name: string,
  label: string,
  hint: string | undefined,
  row: SheetRow,
  choices: Choices,
  cell: (row: SheetRow, col: string) => string,
  ctx: ImportContext,
): { v: Record<string, unknown>; type: string; labels: string[] } | undefined {
  const description = `${label}${hint ? ` (${hint})` : ''}`;
  const [base, list] = type
    // pyxform's spellings: `select one LIST`, `select one from LIST` (and the same for multiple)
    .replace(/^select[ _]one (?:from )?/, 'select_one ')
    .replace(/^select[ _]multiple (?:from )?/, 'select_multiple ')
    .split(' ');
  if (base === 'select_one' || base === 'select_multiple') {
    const options = list ? choices.get(list) : undefined;
    if (!options) {
      ctx.error(
        cell(row, 'type'),
        `${JSON.stringify(type)} names the choice list ${JSON.stringify(list ?? '')}, which the choices sheet does not have; expected "${base} LIST" with LIST a list_name of the choices sheet`,
      );
      return undefined;
    }
    const labels = options.map((o) => (o.label === o.name ? o.name : `${o.label} (${o.name})`));
    if (base === 'select_one')
      return { v: { name, description, type: 'enum', choices: options.map((o) => o.name) }, type: 'enum', labels };
    return {
      v: { name, description: `${description}; one or more of: ${options.map((o) => o.name).join(' ')}`, type: 'text' },
      type: 'enum',
      labels,
    };
  }
  if (base === 'integer' || base === 'decimal' || base === 'range')
    return { v: { name, description, type: 'number' }, type: 'number', labels: [] };
  if (base === 'acknowledge') return { v: { name, description, type: 'boolean' }, type: 'boolean', labels: [] };
  if (TEXT_TYPES.has(base)) return { v: { name, description, type: 'text' }, type: 'text', labels: [] };
  ctx.error(
    cell(row, 'type'),
    `unknown question type ${JSON.stringify(type)}; expected one of text, integer, decimal, range, select_one LIST, select_multiple LIST, date, time, datetime, acknowledge, note, begin_group, end_group`,
  );
  return undefined;
}
