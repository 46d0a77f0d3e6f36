/**
 * Reading a file someone else named (an agent, a persona, a scripted model, a speech model, a shard
 * database) without trusting it: the file is opened without blocking (a FIFO does not hang the open),
 * `fstat` comes first, and anything that is not a regular file (`/dev/zero`, a pipe, a folder) or is
 * larger than the limit is refused before a byte is read. Refusals name the file and the limit, never
 * its content.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import { truncateForMessage } from '../../src-shared/limits.js';

export type FileRefusalCode = 'not_found' | 'not_regular' | 'too_large' | 'unreadable';

/** A file that was not read: missing, not a regular file, too large or unreadable. */
export class FileRefusal extends Error {
  constructor(
    message: string,
    readonly code: FileRefusalCode,
    readonly file: string,
    /** The message without the file's description: "is 50 MB, larger than the 10 MB limit". */
    readonly detail: string = message,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}

const refusal = (what: string, file: string, detail: string, code: FileRefusalCode) =>
  new FileRefusal(`${what} ${quoted(file)} ${detail}`, code, file, detail);

export interface BoundedReadOptions {
  /** Largest size read, in bytes. */
  maxBytes: number;
  /** What the file is, for messages ("persona file", "scripted model file"). */
  what: string;
}

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

const quoted = (file: string) => `"${truncateForMessage(file)}"`;

function refusalOf(e: unknown, file: string, what: string): FileRefusal {
  if (e instanceof FileRefusal) return e;
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new FileRefusal(`${what} ${quoted(file)} does not exist`, 'not_found', file);
  if (code === 'EISDIR') return new FileRefusal(`${what} ${quoted(file)} is a folder, not a file`, 'not_regular', file);
  return new FileRefusal(`${what} ${quoted(file)} cannot be read (${code ?? 'error'})`, 'unreadable', file);
}

/** The size of a regular file within the limit, or a refusal. */
function checkStats(st: fs.Stats, file: string, o: BoundedReadOptions): number {
  if (st.isDirectory()) throw refusal(o.what, file, 'is a folder, not a file', 'not_regular');
  if (!st.isFile())
    throw refusal(o.what, file, 'is not a regular file (a device, pipe or socket); expected a file', 'not_regular');
  if (st.size > o.maxBytes)
    throw refusal(
      o.what,
      file,
      `is ${formatBytes(st.size)}, larger than the ${formatBytes(o.maxBytes)} limit`,
      'too_large',
    );
  return st.size;
}

/** Checks a file as readFileBounded would, without reading it: its size. */
export function checkFileBoundedSync(file: string, o: BoundedReadOptions): number {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    return checkStats(fs.fstatSync(fd), file, o);
  } catch (e) {
    throw refusalOf(e, file, o.what);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The whole file, at most `maxBytes`, read only after fstat says it is a regular file of that size. */
export function readFileBoundedSync(file: string, o: BoundedReadOptions): Buffer {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    const size = checkStats(fs.fstatSync(fd), file, o);
    const buf = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const n = fs.readSync(fd, buf, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === size ? buf : buf.subarray(0, got);
  } catch (e) {
    throw refusalOf(e, file, o.what);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The asynchronous readFileBoundedSync. */
export async function readFileBounded(file: string, o: BoundedReadOptions): Promise<Buffer> {
  let fh: fs.promises.FileHandle | undefined;
  try {
    fh = await open(file, OPEN_FLAGS);
    const size = checkStats(await fh.stat(), file, o);
    const buf = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const { bytesRead } = await fh.read(buf, got, size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === size ? buf : buf.subarray(0, got);
  } catch (e) {
    throw refusalOf(e, file, o.what);
  } finally {
    await fh?.close();
  }
}

/** sha256 (hex) of a regular file within the limit, read in chunks up to its fstat size. */
export async function sha256OfFile(file: string, o: BoundedReadOptions): Promise<string> {
  let fh: fs.promises.FileHandle | undefined;
  try {
    fh = await open(file, OPEN_FLAGS);
    const size = checkStats(await fh.stat(), file, o);
    const h = createHash('sha256');
    const chunk = Buffer.alloc(Math.min(size, 1 << 20) || 1);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await fh.read(chunk, 0, Math.min(chunk.length, size - at), at);
      if (bytesRead === 0) break;
      h.update(chunk.subarray(0, bytesRead));
      at += bytesRead;
    }
    return h.digest('hex');
  } catch (e) {
    throw refusalOf(e, file, o.what);
  } finally {
    await fh?.close();
  }
}

/** The first `n` bytes of a regular file (fstat first; any size up to `maxBytes`). */
export function readFileHeadSync(file: string, n: number, o: BoundedReadOptions): Buffer {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    const size = checkStats(fs.fstatSync(fd), file, o);
    const buf = Buffer.alloc(Math.min(n, size));
    const got = buf.length ? fs.readSync(fd, buf, 0, buf.length, 0) : 0;
    return buf.subarray(0, got);
  } catch (e) {
    throw refusalOf(e, file, o.what);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
