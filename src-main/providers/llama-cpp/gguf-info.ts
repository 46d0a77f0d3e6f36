/**
 * Facts about a GGUF file read from its header (architecture, quantization, context length,
 * parameter count) and its sha256 (streamed, cached per path + size + mtime).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface GgufFacts {
  path: string;
  name: string;
  size_bytes: number;
  architecture?: string;
  quantization?: string;
  context_length?: number;
  parameter_count?: string;
  chat_template?: string;
}

const factsCache = new Map<string, { stamp: string; facts: GgufFacts }>();
const hashCache = new Map<string, { stamp: string; hash: Promise<string> }>();

async function stampOf(file: string): Promise<{ stamp: string; size: number }> {
  const st = await fs.promises.stat(file);
  return { stamp: `${st.size}:${st.mtimeMs}`, size: st.size };
}

/** sha256 of a file, streamed; cached while the file's size and mtime stay the same. */
export async function sha256File(file: string): Promise<string> {
  const abs = path.resolve(file);
  const { stamp } = await stampOf(abs);
  const hit = hashCache.get(abs);
  if (hit && hit.stamp === stamp) return hit.hash;
  const hash = new Promise<string>((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(abs, { highWaterMark: 1 << 20 })
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
  hashCache.set(abs, { stamp, hash });
  hash.catch(() => hashCache.delete(abs));
  return hash;
}

/** 7241732096 -> "7.2B", 1234567 -> "1.2M". */
export function formatParamCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}K`;
  return String(n);
}

/** "MOSTLY_Q4_K_M" -> "Q4_K_M", "ALL_F32" -> "F32". */
export function quantName(fileTypeName: string): string {
  return fileTypeName.replace(/^(MOSTLY|ALL)_/, '');
}

/** Reads the GGUF header (not the weights). Cached per path + size + mtime. */
export async function readGgufFacts(file: string): Promise<GgufFacts> {
  const abs = path.resolve(file);
  const { stamp, size } = await stampOf(abs);
  const hit = factsCache.get(abs);
  if (hit && hit.stamp === stamp) return hit.facts;
  const { readGgufFileInfo, GgufFileType, GgmlType } = await import('node-llama-cpp');
  const info = await readGgufFileInfo(abs, {
    sourceType: 'filesystem',
    logWarnings: false,
    ignoreKeys: [
      'tokenizer.ggml.tokens',
      'tokenizer.ggml.scores',
      'tokenizer.ggml.token_type',
      'tokenizer.ggml.merges',
    ],
  });
  const general = info.metadata?.general ?? ({} as Record<string, unknown>);
  const arch = (general as { architecture?: string }).architecture;
  const fileType = (general as { file_type?: number }).file_type;
  let quantization: string | undefined;
  if (typeof fileType === 'number' && GgufFileType[fileType]) quantization = quantName(GgufFileType[fileType]);
  let paramCount = 0;
  if (info.tensorInfo?.length) {
    const byType = new Map<number, number>();
    for (const t of info.tensorInfo) {
      const n = t.dimensions.reduce<number>((a, d) => a * Number(d), 1);
      paramCount += n;
      byType.set(t.ggmlType, (byType.get(t.ggmlType) ?? 0) + n);
    }
    if (!quantization) {
      // no general.file_type: name the tensor type holding most of the weights
      const [top] = [...byType.entries()].sort((a, b) => b[1] - a[1]);
      if (top && GgmlType[top[0]]) quantization = String(GgmlType[top[0]]);
    }
  }
  const archMeta = info.architectureMetadata as { context_length?: number } | undefined;
  const tokenizer = (info.metadata as { tokenizer?: { chat_template?: string } }).tokenizer;
  const facts: GgufFacts = {
    path: abs,
    name: (general as { name?: string }).name || path.basename(abs, '.gguf'),
    size_bytes: size,
    architecture: arch,
    quantization,
    context_length: typeof archMeta?.context_length === 'number' ? archMeta.context_length : undefined,
    parameter_count:
      (general as { size_label?: string }).size_label || (paramCount ? formatParamCount(paramCount) : undefined),
    chat_template: tokenizer?.chat_template,
  };
  factsCache.set(abs, { stamp, facts });
  return facts;
}
