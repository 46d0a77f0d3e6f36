import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAgent, readAgentFile, type ExportFormat } from '../../../src-main/formats/index.js';
import { importFileIntoStore } from '../../../src-main/formats/import-into-store.js';
import { stableStringify } from '../../../src-main/formats/shared/stable-json.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { FIXTURE_DIR, normal, ROOT } from '../../unit/formats/helpers.js';
import { buildWorkbook, CLINIC_INTAKE } from '../../fixtures/formats/xlsform/build-workbook.js';
import { crossFormatCounts } from './cross-format.js';

/** Bland, Telnyx, ElevenLabs, LiveKit and XLSForm fixtures (written for Parley from each platform's docs). */
const PLATFORM_DIRS = ['bland', 'telnyx', 'elevenlabs', 'livekit', 'xlsform'];
export const platformFixtures = (): string[] =>
  PLATFORM_DIRS.flatMap((d) =>
    fs
      .readdirSync(path.join(FIXTURE_DIR, d))
      .filter((f) => /\.(json|py|xlsx)$/.test(f))
      .sort()
      .map((f) => path.join(FIXTURE_DIR, d, f)),
  );
const nativeExport = (format: string): ExportFormat | undefined =>
  format === 'bland-pathway' ? 'bland' : format === 'xlsform' ? undefined : (format as ExportFormat);

describe('platform fixtures: import, validate, export, re-import', () => {
  let dir: string;
  let store: Store;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    store = openStore(path.join(dir, 'platforms.db'));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a fixture for every format', () => {
    const names = platformFixtures().map((f) => path.relative(FIXTURE_DIR, f));
    for (const d of PLATFORM_DIRS)
      expect(
        names.some((n) => n.startsWith(`${d}/`)),
        d,
      ).toBe(true);
  });

  for (const file of platformFixtures()) {
    const name = path.relative(FIXTURE_DIR, file);
    it(`${name}: imports without errors, exports back dropping nothing, re-imports to the same graph, survives the store`, async () => {
      const bytes = new Uint8Array(fs.readFileSync(file));
      const r = await readAgentFile(bytes, name);
      expect(r.ok ? [] : r.errors).toEqual([]);
      if (!r.ok || r.kind !== 'agent') return;
      const target = nativeExport(r.format);
      if (!target) return; // XLSForm is import only
      const out = exportAgent(r.graph, target);
      expect(out.dropped).toEqual([]);
      if (target !== 'livekit') expect(normal(out.text)).toBe(normal(fs.readFileSync(file, 'utf8')));
      const again = await readAgentFile(out.text, name);
      expect(again.ok && again.kind === 'agent' && stableStringify(again.graph)).toBe(stableStringify(r.graph));
      const stored = await importFileIntoStore(store, bytes, name);
      if (!stored.ok || stored.kind !== 'agent') throw new Error(JSON.stringify(stored));
      const fromStore = exportAgent(store.agents.latest(stored.id)!.graph, target);
      expect(fromStore.text).toBe(out.text);
    });
  }

  it('the generated LiveKit file is valid Python (checked by python3 when it is installed)', async () => {
    const r = await readAgentFile(fs.readFileSync(path.join(FIXTURE_DIR, 'livekit/clinic_agents.py'), 'utf8'), 'a.py');
    if (!r.ok || r.kind !== 'agent') throw new Error('import failed');
    const py = exportAgent(r.graph, 'livekit').text;
    const { spawnSync } = await import('node:child_process');
    const check = spawnSync('python3', ['-c', 'import ast,sys; ast.parse(sys.stdin.read())'], {
      input: py,
      encoding: 'utf8',
    });
    if (check.error) return; // no python3 here
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('the XLSForm fixture is the workbook build-workbook.ts writes', async () => {
    const built = await readAgentFile(new Uint8Array(await buildWorkbook(CLINIC_INTAKE)), 'clinic-intake.xlsx');
    const stored = await readAgentFile(
      new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, 'xlsform/clinic-intake.xlsx'))),
      'clinic-intake.xlsx',
    );
    if (!built.ok || built.kind !== 'agent' || !stored.ok || stored.kind !== 'agent') throw new Error('import failed');
    expect(stableStringify(built.graph)).toBe(stableStringify(stored.graph));
  });
});

describe('cross-format: every platform fixture exported to every format, drops as docs/formats.md lists them', () => {
  it('matches the table in docs/formats.md', async () => {
    const counts = await crossFormatCounts(platformFixtures());
    const doc = fs.readFileSync(path.join(ROOT, 'docs/formats.md'), 'utf8');
    const start = doc.indexOf('<!-- cross-format-drops:start -->');
    const end = doc.indexOf('<!-- cross-format-drops:end -->');
    expect(start).toBeGreaterThan(0);
    const table = doc
      .slice(start, end)
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    const [head, ...rows] = table.map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
    const documented: Record<string, Record<string, number | string>> = {};
    for (const row of rows)
      documented[row[0].replace(/`/g, '')] = Object.fromEntries(
        head.slice(1).map((f, k) => [f.replace(/`/g, ''), row[k + 1] === 'refused' ? 'refused' : Number(row[k + 1])]),
      );
    expect(documented).toEqual(counts);
  });
});
