import { describe, expect, it } from 'vitest';
import { FORMAT_TABLE, type FormatRow } from '../../../src-shared/formats/format-table.js';
import { AGENT_FORMATS, EXPORT_FORMATS, SUITE_FORMATS } from '../../../src-shared/formats/format-ids.js';
import { FORMAT_IDS } from '../../../src-shared/schemas/index.js';
import { CallFormatId } from '../../../src-shared/contract/calls.js';
import { ExportFormat } from '../../../src-shared/contract/agents.js';
import { AGENT_IMPORTERS, EXPORTERS, FORMAT_DEFINITIONS, SUITE_IMPORTERS } from '../../../src-main/formats/registry.js';
import { mermaidExporter } from '../../../src-main/formats/mermaid.js';
import { parleyImporter } from '../../../src-main/formats/parley/index.js';
import { vapiImporter } from '../../../src-main/formats/vapi/index.js';
import { CALL_READERS } from '../../../src-main/transcripts/call-readers.js';

type Definition = { importer?: { id: string }; exporter?: { id: string }; shape?: string };

/** Where the shared format table and the main side's two tables disagree, one sentence each. */
function mismatches(
  table: readonly FormatRow[],
  definitions: Readonly<Record<string, Definition>>,
  readers: Readonly<Record<string, unknown>>,
): string[] {
  const out: string[] = [];
  const ids = table.map((r) => r.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) out.push(`${id}: listed twice`);
  for (const row of table) {
    const d = definitions[row.id];
    const file = row.import !== undefined || row.export !== undefined;
    if (file && !d) out.push(`${row.id}: listed, but src-main/formats/registry.ts has no definition`);
    if (d && !!row.import !== !!d.importer) out.push(`${row.id}: import ${!!row.import}, importer ${!!d.importer}`);
    if (d && !!row.export !== !!d.exporter) out.push(`${row.id}: export ${!!row.export}, exporter ${!!d.exporter}`);
    if (d?.importer && d.importer.id !== row.id) out.push(`${row.id}: its importer says ${d.importer.id}`);
    if (d?.exporter && d.exporter.id !== row.id) out.push(`${row.id}: its exporter says ${d.exporter.id}`);
    if (d?.importer && !d.shape) out.push(`${row.id}: no shape for detection's message`);
    if (!!row.callLog !== row.id in readers)
      out.push(`${row.id}: call log ${!!row.callLog}, call reader ${row.id in readers}`);
    if (!file && !row.callLog && !row.graphSourceOnly) out.push(`${row.id}: neither read nor written`);
  }
  for (const id of Object.keys(definitions))
    if (!ids.includes(id)) out.push(`${id}: defined in src-main/formats/registry.ts, but not in the format table`);
  for (const id of Object.keys(readers))
    if (!ids.includes(id)) out.push(`${id}: a call reader, but not in the format table`);
  return out;
}

describe('one format table (src-shared) and the main side keyed by its ids', () => {
  it('every listed format has its main definition and every definition a listed id', () => {
    expect(mismatches(FORMAT_TABLE, FORMAT_DEFINITIONS, CALL_READERS)).toEqual([]);
  });

  it('the check can fail: a row without a definition, a definition without a row, a missing exporter', () => {
    const telnyx = FORMAT_TABLE.find((r) => r.id === 'telnyx')!;
    const table: FormatRow[] = [...FORMAT_TABLE, { ...telnyx, id: 'acme' }];
    const definitions: Record<string, Definition> = { ...FORMAT_DEFINITIONS, other: { exporter: { id: 'other' } } };
    const { exporter: _dropped, ...vapiWithoutExporter } = FORMAT_DEFINITIONS.vapi;
    definitions.vapi = vapiWithoutExporter;
    // and TypeScript refuses a definition that does not keep the row's promise (npm run typecheck)
    const importsMermaid: (typeof FORMAT_DEFINITIONS)['mermaid'] = {
      exporter: mermaidExporter,
      // @ts-expect-error an export-only format has no importer
      importer: parleyImporter,
    };
    // @ts-expect-error a format listed with an export needs its exporter
    const vapiNoExport: (typeof FORMAT_DEFINITIONS)['vapi'] = { importer: vapiImporter, shape: 'x' };
    expect([importsMermaid.exporter, vapiNoExport.importer]).toEqual([mermaidExporter, vapiImporter]);
    expect(mismatches(table, definitions, CALL_READERS)).toEqual([
      'vapi: export true, exporter false',
      'acme: listed, but src-main/formats/registry.ts has no definition',
      'acme: call log true, call reader false',
      'other: defined in src-main/formats/registry.ts, but not in the format table',
    ]);
  });

  it("the contract's and schemas' enums are the table's ids", () => {
    expect([...ExportFormat.options]).toEqual([...EXPORT_FORMATS]);
    expect([...CallFormatId.options]).toEqual(FORMAT_TABLE.filter((r) => 'callLog' in r).map((r) => r.id));
    expect([...FORMAT_IDS].sort()).toEqual([...AGENT_FORMATS, 'custom'].sort());
    expect(AGENT_IMPORTERS.map((i) => i.id).sort()).toEqual([...AGENT_FORMATS].sort());
    expect(SUITE_IMPORTERS.map((i) => i.id).sort()).toEqual([...SUITE_FORMATS].sort());
    expect(Object.keys(EXPORTERS).sort()).toEqual([...EXPORT_FORMATS].sort());
  });

  it('detection tries the importers in the order the definitions are written (the first that accepts wins)', () => {
    expect(AGENT_IMPORTERS.map((i) => i.id)).toEqual([
      'parley',
      'voicetest',
      'revring',
      'retell-cf',
      'retell-llm',
      'elevenlabs',
      'bland-pathway',
      'bland',
      'telnyx',
      'vapi-squad',
      'vapi',
      'livekit',
      'xlsform',
    ]);
    expect(SUITE_IMPORTERS.map((i) => i.id)).toEqual([
      'vapi-evals',
      'elevenlabs-tests',
      'parley-suite',
      'voicetest-tests',
    ]);
  });
});
