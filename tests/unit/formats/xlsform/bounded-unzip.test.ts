import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readAgentFile } from '../../../../src-main/formats/read-file.js';
import { unzipBounded, ZipRefusal } from '../../../../src-main/formats/xlsform/bounded-unzip.js';
import { MAX_UNPACKED_BYTES } from '../../../../src-main/formats/xlsform/workbook.js';
import { buildWorkbook, CLINIC_INTAKE } from '../../../fixtures/formats/xlsform/build-workbook.js';
import { lyingZip, underDeclaredWorkbook } from '../../../fixtures/formats/xlsform/lying-zip.js';

/** Issue 39 item 3: the unpack limit counts what is inflated, not what the zip's headers declare. */
describe('unzipBounded', () => {
  it('refuses a small workbook whose sheet declares 1 KB and inflates past the limit', async () => {
    const file = await underDeclaredWorkbook(MAX_UNPACKED_BYTES + 20 * 1024 * 1024);
    expect(file.length).toBeLessThan(1024 * 1024);
    const r = await readAgentFile(new Uint8Array(file), 'survey.xlsx');
    if (r.ok) throw new Error('the workbook was read');
    expect(r.errors[0]!.file).toBe('survey.xlsx');
    expect(r.errors[0]!.message).toContain('more than the 100 MB Parley reads');
    expect(r.errors[0]!.message).toContain('xl/worksheets/sheet1.xml');
    expect(r.errors[0]!.message).toContain('declares 1 KB');
  });

  it('counts across parts: two parts under the limit each, over it together', async () => {
    const half = zlib.deflateRawSync(Buffer.alloc(600, 0x20));
    const zip = lyingZip([
      { name: 'a.xml', deflated: half, declaredSize: 10 },
      { name: 'b.xml', deflated: half, declaredSize: 10 },
    ]);
    await expect(unzipBounded(zip, 1000)).rejects.toThrow(/b\.xml alone goes past it/);
    expect((await unzipBounded(zip, 1200)).map((p) => p.data.length)).toEqual([600, 600]);
  });

  it('refuses a compression method it does not read, naming the part', async () => {
    const zip = lyingZip([{ name: 'x.xml', deflated: Buffer.from('abc'), declaredSize: 3 }]);
    zip.writeUInt16LE(12, 8); // local header
    zip.writeUInt16LE(12, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10); // directory entry
    const err = await unzipBounded(zip, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipRefusal);
    expect((err as Error).message).toMatch(/x\.xml uses compression method 12; expected deflate or stored/);
  });

  it('still reads a real workbook, every part counted', async () => {
    const file = await buildWorkbook(CLINIC_INTAKE);
    const parts = await unzipBounded(file, MAX_UNPACKED_BYTES);
    expect(parts.map((p) => p.name)).toContain('xl/worksheets/sheet1.xml');
    const r = await readAgentFile(new Uint8Array(file), 'clinic.xlsx');
    expect(r.ok ? r.kind : r.errors).toBe('agent');
  });
});
