/** Output helpers shared by every command: JSON to stdout, tables for people, progress to stderr. */

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Widest cell of a table: longer ones end in "…" (a 200k-character name must not pad every row; --json has it whole). */
export const MAX_CELL_CHARS = 80;

/** The last column pads nothing, so it may say more (an error's first line): still bounded. */
export const MAX_LAST_CELL_CHARS = 400;

const cap = (c: string, max: number) => (c.length > max ? `${c.slice(0, max - 1)}…` : c);

/** A plain aligned table. `rows` are arrays of cells already formatted as strings. */
export function printTable(headers: string[], fullRows: string[][]): void {
  const rows = fullRows.map((r) => r.map((c, i) => cap(c, i === r.length - 1 ? MAX_LAST_CELL_CHARS : MAX_CELL_CHARS)));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  process.stdout.write(line(headers) + '\n');
  for (const r of rows) process.stdout.write(line(r) + '\n');
}

export function info(message: string): void {
  process.stderr.write(message + '\n');
}

export const shortDate = (iso: string | null | undefined): string => (iso ? iso.replace('T', ' ').slice(0, 19) : '-');
