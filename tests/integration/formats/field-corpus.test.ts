import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exportAgent,
  exportSuite,
  readAgentFile,
  type ExportFormat,
  type ParseResult,
} from '../../../src-main/formats/index.js';
import { reachableNodes } from '../../../src-main/formats/shared/graph-reach.js';
import { stableStringify } from '../../../src-main/formats/shared/stable-json.js';
import { ROOT } from '../../unit/formats/helpers.js';
import { FIELD_CORPUS, type FieldCheck, type FieldExpectation } from './field-corpus-table.js';

/**
 * The field corpus (tests/fixtures/field/, sources in SOURCES.md): public example files of each platform that
 * nobody on this project wrote. Every file must be detected as its format, import without error, reach every
 * node (unless the source itself does not), and come back from an export to its own format as the same graph.
 */
const FIELD_DIR = path.join(ROOT, 'tests/fixtures/field');

function corpusFiles(): string[] {
  return fs
    .readdirSync(FIELD_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(FIELD_DIR, d.name))
        .filter((f) => /\.(json|py|xlsx)$/.test(f))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

/** The export format that writes a graph back in the format it was read from; XLSForm has none (import only). */
const nativeExport = (format: string): ExportFormat | undefined =>
  format === 'vapi-squad'
    ? 'vapi'
    : format === 'bland-pathway'
      ? 'bland'
      : format === 'xlsform'
        ? undefined
        : (format as ExportFormat);

/** Exports `r` to its own format (Parley JSON for XLSForm) and reads it back: both sides, normalised. */
async function roundTrip(r: Extract<ParseResult, { ok: true }>, file: string): Promise<[string, string]> {
  if (r.kind === 'suite') {
    const back = await readAgentFile(exportSuite(r.suite, r.format).text, path.basename(file));
    if (!back.ok || back.kind !== 'suite') throw new Error(`${file}: the exported suite does not re-import`);
    return [stableStringify(back.suite), stableStringify(r.suite)];
  }
  const target = nativeExport(r.format) ?? 'parley';
  const name = target === 'parley' ? `${path.basename(file)}.parley.json` : path.basename(file);
  const back = await readAgentFile(exportAgent(r.graph, target).text, name);
  if (!back.ok || back.kind !== 'agent')
    throw new Error(
      `${file}: the ${target} export does not re-import: ${back.ok ? back.kind : back.errors[0]?.message}`,
    );
  return [stableStringify(back.graph), stableStringify(r.graph)];
}

describe('field corpus: public platform files import whole', () => {
  const files = corpusFiles();
  const results = new Map<string, ParseResult>();
  beforeAll(async () => {
    for (const f of files)
      results.set(f, await readAgentFile(new Uint8Array(fs.readFileSync(path.join(FIELD_DIR, f))), path.basename(f)));
  });

  it('holds at least 40 files from at least 7 platforms, each in the table and in SOURCES.md', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(new Set(files.map((f) => f.split('/')[0])).size).toBeGreaterThanOrEqual(7);
    expect(Object.keys(FIELD_CORPUS).sort()).toEqual(files);
    const sources = fs.readFileSync(path.join(FIELD_DIR, 'SOURCES.md'), 'utf8');
    expect(files.filter((f) => !sources.includes(`\`${f}\``))).toEqual([]);
  });

  for (const file of Object.keys(FIELD_CORPUS).sort()) {
    const want: FieldExpectation = FIELD_CORPUS[file];
    const fails = new Set<FieldCheck>(want.fails ?? []);
    const why = want.knownGap ? `known gap: ${want.knownGap}` : `bug: ${want.bug}`;
    /** `it`, or `it.fails` with the reason in its title when the table says this check fails today. */
    const check = (name: FieldCheck, title: string, body: () => void | Promise<void>) =>
      fails.has(name) ? it.fails(`${title} [fails today, ${why}]`, body) : it(title, body);
    const ok = () => {
      const r = results.get(file)!;
      if (!r.ok) throw new Error(`${file} did not import: ${r.errors.map((e) => e.message).join('; ')}`);
      return r;
    };

    describe(file, () => {
      check('detect', `is detected as ${want.format}`, () => {
        const r = results.get(file)!;
        expect(r.format).toBe(want.format);
      });

      check('import', 'imports without errors', () => {
        const r = results.get(file)!;
        expect(r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
      });

      // A file the table says does not import has nothing further to check until it does.
      if (fails.has('import')) return;

      check(
        'reachable',
        `reaches every node${want.unreachable ? ` but ${want.unreachable.nodes.join(', ')}` : ''}`,
        () => {
          const r = ok();
          if (r.kind === 'suite') return expect(r.suite.tests.length).toBeGreaterThan(0);
          const reached = reachableNodes(r.graph);
          expect(r.graph.nodes.filter((n) => !reached.has(n.id)).map((n) => n.id)).toEqual(
            want.unreachable?.nodes ?? [],
          );
        },
      );

      check('round-trip', 'exports to its own format and reads back as the same graph', async () => {
        const [back, original] = await roundTrip(ok(), file);
        expect(back).toBe(original);
      });
    });
  }
});
