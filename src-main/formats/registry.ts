import { isPlainObject } from './shared/stable-json.js';
import {
  FORMAT_NAMES,
  type AgentExporter,
  type AgentImporter,
  type DetectedFormat,
  type ExportFormat,
  type SuiteImporter,
} from './types.js';
import { parleyExporter, parleyImporter } from './parley/index.js';
import { revringExporter, revringImporter } from './revring/index.js';
import { retellCfExporter, retellCfImporter } from './retell-cf/index.js';
import { retellLlmExporter, retellLlmImporter } from './retell-llm/index.js';
import { vapiExporter, vapiImporter, vapiSquadImporter } from './vapi/index.js';
import { voicetestExporter, voicetestImporter } from './voicetest/index.js';
import { blandExporter, blandImporter, blandPathwayImporter } from './bland/index.js';
import { telnyxExporter, telnyxImporter } from './telnyx/index.js';
import { elevenlabsExporter, elevenlabsImporter } from './elevenlabs/index.js';
import { livekitExporter, livekitImporter } from './livekit/index.js';
import { xlsformImporter } from './xlsform/index.js';
import { mermaidExporter } from './mermaid.js';
import type { SourceDocument } from './input/text-document.js';
import { parleySuiteImporter, voicetestTestsImporter } from './suites/index.js';
import { vapiEvalsImporter } from './vapi-evals/import.js';
import { elevenlabsTestsImporter } from './elevenlabs-tests/import.js';

/** Tried in this order; the first whose `detect` accepts the file wins. */
export const AGENT_IMPORTERS: readonly AgentImporter[] = [
  parleyImporter,
  voicetestImporter,
  revringImporter,
  retellCfImporter,
  retellLlmImporter,
  elevenlabsImporter,
  blandPathwayImporter,
  blandImporter,
  telnyxImporter,
  vapiSquadImporter,
  vapiImporter,
  livekitImporter,
  xlsformImporter,
];
// Vapi evals and ElevenLabs tests first: an array of them has names too, `{tests: [...]}` of them is not a Parley suite
export const SUITE_IMPORTERS: readonly SuiteImporter[] = [
  vapiEvalsImporter,
  elevenlabsTestsImporter,
  parleySuiteImporter,
  voicetestTestsImporter,
];

export const EXPORTERS: Readonly<Record<ExportFormat, AgentExporter>> = {
  'retell-cf': retellCfExporter,
  'retell-llm': retellLlmExporter,
  vapi: vapiExporter,
  revring: revringExporter,
  voicetest: voicetestExporter,
  bland: blandExporter,
  telnyx: telnyxExporter,
  elevenlabs: elevenlabsExporter,
  livekit: livekitExporter,
  parley: parleyExporter,
  mermaid: mermaidExporter,
};

const SHAPES: Record<DetectedFormat, string> = {
  'retell-cf': 'start_node_id + nodes, or {conversationFlow: ...}',
  'retell-llm': 'general_prompt / states / llm_id, or {retellLlmData: ...}',
  vapi: 'model.messages / firstMessage',
  'vapi-squad': 'members[] with assistants',
  revring: 'schemaVersion + begin + nodes + edges',
  voicetest: 'entry_node_id + a nodes map',
  bland: 'prompt + first_sentence / voice_id / transfer_list / phone_number...',
  'bland-pathway': 'nodes[] with data objects + edges[]',
  telnyx: 'instructions + model string / greeting / voice_settings, or {data: [assistants]}',
  livekit: 'a .py file with a class deriving from livekit.agents Agent',
  elevenlabs: 'conversation_config.agent (+ workflow)',
  xlsform: 'an .xlsx workbook with a survey sheet (type, name, label)',
  parley: '{"format": "parley", "version": 1, "agent": ...} or a bare Parley graph',
  'voicetest-tests': 'an array of tests with name and user_prompt',
  'parley-suite': '{"tests": [...]}',
  'vapi-evals': '{"type": "chat.mockConversation", "messages": [...]} or an array of them',
  'elevenlabs-tests': 'chat_history + success_condition or tool_call_parameters (one, an array, or {tests})',
};

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
  const expected = importers.map((i) => `${FORMAT_NAMES[i.id]} (${SHAPES[i.id]})`).join('; ');
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
  const expected = (Object.keys(SHAPES) as DetectedFormat[])
    .filter((f) => f !== 'livekit' && f !== 'xlsform')
    .map((f) => `${FORMAT_NAMES[f]} (${SHAPES[f]})`)
    .join('; ');
  return { ok: false, message: `unrecognised file: found ${found}; expected one of: ${expected}` };
}

export function importerFor(format: DetectedFormat): AgentImporter | SuiteImporter | undefined {
  return AGENT_IMPORTERS.find((i) => i.id === format) ?? SUITE_IMPORTERS.find((i) => i.id === format);
}
