import { FORMAT_TABLE } from '../../../src-shared/formats/format-table.js';

const orList = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}` : (items[0] ?? '');
const unique = (items: readonly string[]) => [...new Set(items)];

/** `parley import`'s list: who makes each format read, with the file ending where it is not JSON. */
export function importFormatsHelp(): string {
  const rows = FORMAT_TABLE.filter((r) => 'import' in r);
  return unique(
    rows.map((r) => {
      const ending = 'extensions' in r ? r.extensions.find((e) => e !== '.json') : undefined;
      return ending ? `${r.platform} ${ending}` : r.platform;
    }),
  ).join(', ');
}

/** `parley import-calls`'s list: the platforms' call JSON, then Parley's own plain list. */
export function callLogFormatsHelp(): string {
  const rows = FORMAT_TABLE.filter((r) => 'callLog' in r);
  const platforms = unique(rows.filter((r) => r.platform !== 'Parley').map((r) => r.platform));
  const own = rows.filter((r) => r.platform === 'Parley').map((r) => r.name);
  return [`${orList(platforms)} call JSON`, ...own].join(', or ');
}
