import type ExcelJS from 'exceljs';
import { defineKey } from '../shared/stable-json.js';
import { storedZip, unzipBounded } from './bounded-unzip.js';

/**
 * An .xlsx workbook read with exceljs into plain data: per sheet, the header row (lower-cased column
 * names) and the non-empty rows with their Excel row numbers. Cell values become text (rich text
 * joined, formulas by their cached result, dates as ISO dates). Nothing in the workbook is evaluated.
 */

export interface SheetRow {
  /** Excel row number (1-based; the header is row 1). */
  row: number;
  cells: Record<string, string>;
}
export interface Sheet {
  name: string;
  /** Column name -> Excel column letter. */
  columns: Record<string, string>;
  rows: SheetRow[];
}
export interface Workbook {
  sheets: Sheet[];
}

/** The most a workbook may unpack to (its parts as stored in the zip), whatever its file size. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('error' in v) return '';
  }
  return '';
}

/** Sums the uncompressed sizes the zip's central directory declares, without unpacking anything. */
export function declaredUnpackedBytes(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 65535); p--) {
    if (view.getUint32(p, true) !== 0x06054b50) continue;
    const count = view.getUint16(p + 10, true);
    let at = view.getUint32(p + 16, true);
    let total = 0;
    for (let k = 0; k < count; k++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
      const size = view.getUint32(at + 24, true);
      if (size === 0xffffffff) return Infinity;
      total += size;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  return undefined;
}

/**
 * Reads the workbook's sheets. The zip is unpacked here with a running byte count against
 * MAX_UNPACKED_BYTES (bounded-unzip.ts: a ZipRefusal past it, whatever the headers declare);
 * exceljs reads the counted parts, stored.
 */
export async function readWorkbook(bytes: Uint8Array): Promise<Workbook> {
  const stored = storedZip(await unzipBounded(bytes, MAX_UNPACKED_BYTES));
  // Loaded on first use: exceljs is large and only spreadsheets need it (the CLI starts without it).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  await wb.xlsx.load(stored as unknown as ArrayBuffer);
  const sheets: Sheet[] = [];
  wb.eachSheet((ws) => {
    const columns: Record<string, string> = {};
    const names: Record<number, string> = {};
    ws.getRow(1).eachCell((cell, col) => {
      const name = cellText(cell.value).trim().toLowerCase();
      if (name && !Object.hasOwn(columns, name)) {
        defineKey(columns, name, columnLetter(col));
        names[col] = name;
      }
    });
    const rows: SheetRow[] = [];
    ws.eachRow((row, rowNumber) => {
      if (rowNumber === 1) return;
      const cells: Record<string, string> = {};
      row.eachCell((cell, col) => {
        const name = names[col];
        const text = cellText(cell.value);
        if (name && text.trim() !== '') defineKey(cells, name, text);
      });
      if (Object.keys(cells).length) rows.push({ row: rowNumber, cells });
    });
    sheets.push({ name: ws.name.trim().toLowerCase(), columns, rows });
  });
  return { sheets };
}
