import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAgent, exportSuite, parseAgentFile, type ExportFormat } from '../../../src-main/formats/index.js';
import { importIntoStore } from '../../../src-main/formats/import-into-store.js';
import { stableStringify } from '../../../src-main/formats/shared/stable-json.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { corpusFiles, fixtureFiles, normal, read } from '../../unit/formats/helpers.js';

/** The export format that writes a file back in the format it was read from. */
const nativeExport = (format: string): ExportFormat => (format === 'vapi-squad' ? 'vapi' : (format as ExportFormat));

const files = [...corpusFiles(), ...fixtureFiles()];

describe('every corpus file and fixture', () => {
  let dir: string;
  let store: Store;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    store = openStore(path.join(dir, 'corpus.db'));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('covers the whole shared corpus (12 files) and the format fixtures', () => {
    expect(corpusFiles()).toHaveLength(12);
    expect(fixtureFiles().map((f) => path.basename(f))).toEqual(
      expect.arrayContaining([
        'revring-order-status.json',
        'vapi-squad-clinic.json',
        'retell-llm-dashboard-export.json',
      ]),
    );
  });

  for (const file of files) {
    const name = path.basename(file);
    describe(name, () => {
      const text = read(file);

      it('imports without errors', () => {
        const r = parseAgentFile(text, name);
        expect(r.ok ? [] : r.errors).toEqual([]);
      });

      it('exports back to its own format losslessly (JSON-normalised byte equality), dropping nothing', () => {
        const r = parseAgentFile(text, name);
        if (!r.ok) throw new Error('import failed');
        if (r.kind === 'suite') {
          const out = exportSuite(r.suite, r.format);
          expect(out.dropped).toEqual([]);
          expect(normal(out.text)).toBe(normal(text));
          return;
        }
        const out = exportAgent(r.graph, nativeExport(r.format));
        expect(out.dropped).toEqual([]);
        expect(normal(out.text)).toBe(normal(text));
      });

      it('round-trips through the SQLite store too', () => {
        const r = importIntoStore(store, text, name);
        if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
        if (r.kind === 'suite') {
          const doc = store.suites.get(r.id)!;
          expect(normal(exportSuite(doc.data, r.format as 'voicetest-tests').text)).toBe(normal(text));
          return;
        }
        const graph = store.agents.latest(r.id)!.graph;
        expect(normal(exportAgent(graph, nativeExport(r.format)).text)).toBe(normal(text));
      });

      it('re-imports its export to the same graph, and Parley JSON carries it without loss', () => {
        const r = parseAgentFile(text, name);
        if (!r.ok || r.kind !== 'agent') return;
        const again = parseAgentFile(exportAgent(r.graph, nativeExport(r.format)).text, name);
        expect(again.ok && again.kind === 'agent' && stableStringify(again.graph)).toBe(stableStringify(r.graph));
        const viaParley = parseAgentFile(exportAgent(r.graph, 'parley').text, `${name}.parley.json`);
        if (!viaParley.ok || viaParley.kind !== 'agent') throw new Error('parley re-import failed');
        expect(viaParley.format).toBe('parley');
        expect(normal(exportAgent(viaParley.graph, nativeExport(r.format)).text)).toBe(normal(text));
      });
    });
  }
});
