import { isPlainObject } from './shared/stable-json.js';
import { AGENT_FORMATS, FORMAT_NAMES, SUITE_FORMATS, type AgentImporter, type SuiteImporter } from './types.js';
import type { SourceDocument } from './input/text-document.js';
import { AGENT_IMPORTERS, importerFor, shapeOf, SUITE_IMPORTERS } from './registry.js';

export type Detection =
  | { ok: true; kind: 'agent'; format: AgentImporter['id']; importer: AgentImporter }
  | { ok: true; kind: 'suite'; format: SuiteImporter['id']; importer: SuiteImporter }
  | { ok: false; message: string };

/** Which format a parsed document (JSON, Python module, workbook) is in, or a sentence saying what was expected. */
export function detectDocument(doc: SourceDocument): Detection {
  if (doc.input === 'json') return detectFormat(doc.value);
  const importers = AGENT_IMPORTERS.filter((i) => i.input === doc.input);
  for (const importer of importers)
    if (importer.detect(doc.value)) return { ok: true, kind: 'agent', format: importer.id, importer };
  const expected = importers.map((i) => `${FORMAT_NAMES[i.id]} (${shapeOf(i.id)})`).join('; ');
  return {
    ok: false,
    message: `unrecognised ${doc.input === 'python' ? 'Python' : 'spreadsheet'} file; expected ${expected}`,
  };
}

/** Which format a parsed JSON document is in, or a sentence listing what was expected. */
export function detectFormat(json: unknown): Detection {
  for (const importer of AGENT_IMPORTERS)
    if ((importer.input ?? 'json') === 'json' && importer.detect(json))
      return { ok: true, kind: 'agent', format: importer.id, importer };
  for (const importer of SUITE_IMPORTERS)
    if (importer.detect(json)) return { ok: true, kind: 'suite', format: importer.id, importer };
  const found = Array.isArray(json)
    ? `an array of ${json.length} item(s)`
    : isPlainObject(json)
      ? `an object with keys ${
          Object.keys(json)
            .slice(0, 12)
            .map((k) => JSON.stringify(k))
            .join(', ') || '(none)'
        }`
      : `${json === null ? 'null' : typeof json}`;
  // in the format table's order, the JSON formats only
  const expected = [...AGENT_FORMATS, ...SUITE_FORMATS]
    .filter((f) => ((importerFor(f) as AgentImporter | undefined)?.input ?? 'json') === 'json')
    .map((f) => `${FORMAT_NAMES[f]} (${shapeOf(f)})`)
    .join('; ');
  return { ok: false, message: `unrecognised file: found ${found}; expected one of: ${expected}` };
}
