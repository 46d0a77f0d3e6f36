import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';

/**
 * A zip archive (an .xlsx) unpacked by Parley itself, with a running count of the bytes it really
 * inflates: every part stops at what is left of the limit, whatever size its headers declare (a zip's
 * sizes are written by whoever made the file). exceljs then reads a copy that holds these parts
 * stored, so it never inflates anything Parley did not count.
 */

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The CRC-32 the archive declares for the part (kept as declared: nothing Parley reads checks it). */
  crc32: number;
}

/** Why a zip was refused: the message says what was wrong and what was expected. */
export class ZipRefusal extends Error {}

const inflateRaw = promisify(zlib.inflateRaw) as (buf: Uint8Array, opts: zlib.ZlibOptions) => Promise<Buffer>;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

interface DirectoryEntry {
  name: string;
  crc32: number;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function findEndOfDirectory(view: DataView, length: number): number | undefined {
  for (let p = length - 22; p >= Math.max(0, length - 22 - 65535); p--)
    if (view.getUint32(p, true) === END_OF_DIRECTORY) return p;
  return undefined;
}

function readDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view, bytes.length);
  if (end === undefined)
    throw new ZipRefusal('the workbook is not a readable zip archive (no central directory); expected an .xlsx file');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: DirectoryEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new ZipRefusal(
        `the workbook's zip directory entry ${k + 1} of ${count} is damaged; expected an .xlsx file`,
      );
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: Buffer.from(
        bytes.buffer,
        bytes.byteOffset + at + 46,
        Math.min(nameLength, bytes.length - at - 46),
      ).toString('utf8'),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

function compressedData(bytes: Uint8Array, e: DirectoryEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = e.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER)
    throw new ZipRefusal(`the zip part ${e.name} has no local header where the directory says; expected an .xlsx file`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (e.compressedSize === 0xffffffff || start + e.compressedSize > bytes.length)
    throw new ZipRefusal(`the zip part ${e.name} runs past the end of the file; expected an .xlsx file`);
  return bytes.subarray(start, start + e.compressedSize);
}

function overLimit(limit: number, part: string, declared: number): ZipRefusal {
  return new ZipRefusal(
    `the workbook unpacks to more than the ${formatBytes(limit)} Parley reads (the part ${part} alone goes past it, although its header declares ${formatBytes(declared)}); expected a smaller survey`,
  );
}

/** Every part of the archive, inflated with one running count against `limit` bytes in all. */
export async function unzipBounded(bytes: Uint8Array, limit: number): Promise<ZipPart[]> {
  const parts: ZipPart[] = [];
  let total = 0;
  for (const e of readDirectory(bytes)) {
    if (e.name.endsWith('/')) continue;
    if (e.flags & 1)
      throw new ZipRefusal(`the zip part ${e.name} is encrypted; expected an .xlsx file without a password`);
    const raw = compressedData(bytes, e);
    const left = limit - total;
    let data: Buffer;
    if (e.method === 0) {
      if (raw.length > left) throw overLimit(limit, e.name, e.declaredSize);
      data = Buffer.from(raw);
    } else if (e.method === 8) {
      try {
        // maxOutputLength stops zlib as soon as it has produced more than what is left.
        data = await inflateRaw(raw, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw overLimit(limit, e.name, e.declaredSize);
        throw new ZipRefusal(
          `the zip part ${e.name} cannot be inflated (${(err as Error).message}); expected an .xlsx file`,
        );
      }
      if (data.length > left) throw overLimit(limit, e.name, e.declaredSize);
    } else {
      throw new ZipRefusal(`the zip part ${e.name} uses compression method ${e.method}; expected deflate or stored`);
    }
    total += data.length;
    parts.push({ name: e.name, data, crc32: e.crc32 });
  }
  return parts;
}

/** The parts as one zip whose entries are stored (not compressed): what exceljs is given to read. */
export function storedZip(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt32LE(p.crc32, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(DIRECTORY_ENTRY, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(p.crc32, 16);
    entry.writeUInt32LE(p.data.length, 20);
    entry.writeUInt32LE(p.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, p.data);
    directory.push(entry, name);
    offset += local.length + name.length + p.data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}
