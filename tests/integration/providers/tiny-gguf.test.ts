/** The tiny GGUF writer: deterministic by seed, valid GGUF v3 that node-llama-cpp reads. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGgufFacts } from '../../../src-main/providers/llama-cpp/gguf-info.js';
import {
  buildTinyGguf,
  ensureTinyGguf,
  ensureTinyGgufWithTemplate,
  TINY_CHAT_TEMPLATE,
} from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('tiny GGUF writer', () => {
  it('is deterministic by seed and about half a megabyte', () => {
    const a = buildTinyGguf(1);
    expect(sha(buildTinyGguf(1))).toBe(sha(a));
    expect(sha(buildTinyGguf(2))).not.toBe(sha(a));
    expect(a.subarray(0, 4).toString('ascii')).toBe('GGUF');
    expect(a.readUInt32LE(4)).toBe(3);
    expect(a.length).toBeGreaterThan(400_000);
    expect(a.length).toBeLessThan(700_000);
    // same layout as the reference writer (shared/tools/make-tiny-gguf.py): 553152 bytes
    expect(a.length).toBe(553152);
  });

  it('writes once and reuses the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    const p1 = await ensureTinyGguf(dir, 7);
    const m1 = fs.statSync(p1).mtimeMs;
    const [p2, p3] = await Promise.all([ensureTinyGguf(dir, 7), ensureTinyGguf(dir, 7)]);
    expect(p2).toBe(p1);
    expect(p3).toBe(p1);
    expect(path.basename(p1)).toBe('tiny-7.gguf');
    expect(fs.statSync(p1).mtimeMs).toBe(m1);
    expect(fs.readdirSync(dir)).toEqual(['tiny-7.gguf']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has the metadata node-llama-cpp reads, and the optional chat template', async () => {
    const f = await readGgufFacts(await ensureTinyGguf());
    expect(f).toMatchObject({ architecture: 'llama', name: 'tiny-test', quantization: 'F32', context_length: 2048 });
    expect(f.chat_template).toBeUndefined();
    const t = await readGgufFacts(await ensureTinyGgufWithTemplate());
    expect(t.chat_template).toBe(TINY_CHAT_TEMPLATE);
    expect(path.basename(t.path)).toBe('tiny-1-tpl.gguf');
  });
});
