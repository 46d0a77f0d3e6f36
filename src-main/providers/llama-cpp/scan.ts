/** Lists GGUF files in a models folder (recursive, depth-limited) with facts from their headers. */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelInfo } from '../../../src-shared/schemas/index.js';
import { readGgufFacts } from './gguf-info.js';

export interface ScanOptions {
  /** Folder levels below `dir` to descend (default 3). */
  maxDepth?: number;
  /** Stop after this many files (default 500). */
  maxFiles?: number;
  signal?: AbortSignal;
}

/** `model-00002-of-00003.gguf`: only the first part of a split model is listed. */
const SPLIT_PART = /-(\d{5})-of-(\d{5})\.gguf$/i;

export async function findGgufFiles(dir: string, opts: ScanOptions = {}): Promise<string[]> {
  const maxDepth = opts.maxDepth ?? 3;
  const maxFiles = opts.maxFiles ?? 500;
  const out: string[] = [];
  async function walk(d: string, depth: number): Promise<void> {
    opts.signal?.throwIfAborted();
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (out.length >= maxFiles) return;
      if (e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory() && depth < maxDepth) await walk(p, depth + 1);
      else if ((e.isFile() || e.isSymbolicLink()) && /\.gguf$/i.test(e.name)) {
        const split = SPLIT_PART.exec(e.name);
        if (split && split[1] !== '00001') continue;
        out.push(p);
      }
    }
  }
  await walk(path.resolve(dir), 0);
  return out;
}

/** Scans a folder; unreadable files are listed with what the file system knows. */
export async function scanModelsDir(dir: string, opts: ScanOptions = {}): Promise<ModelInfo[]> {
  const files = await findGgufFiles(dir, opts);
  const infos: ModelInfo[] = [];
  for (const file of files) {
    try {
      const f = await readGgufFacts(file);
      infos.push({
        provider: 'llama-cpp',
        name: path.basename(file),
        spec: `llama-cpp:${file}`,
        path: file,
        size_bytes: f.size_bytes,
        architecture: f.architecture,
        quantization: f.quantization,
        context_length: f.context_length,
      });
    } catch {
      const st = await fs.promises.stat(file).catch(() => undefined);
      infos.push({
        provider: 'llama-cpp',
        name: path.basename(file),
        spec: `llama-cpp:${file}`,
        path: file,
        size_bytes: st?.size,
      });
    }
  }
  return infos;
}
