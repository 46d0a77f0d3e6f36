import type { FormatTableRow } from '../../src-shared/formats/format-table.js';
import {
  AGENT_FORMATS,
  SUITE_FORMATS,
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
import { parleySuiteImporter, voicetestTestsImporter } from './suites/index.js';
import { vapiEvalsImporter } from './vapi-evals/import.js';
import { elevenlabsTestsImporter } from './elevenlabs-tests/import.js';

/** What the main side does with one format of the table: what a row promises, a definition must hold. */
type Definition<Row> = (Row extends { import: 'agent' }
  ? { importer: AgentImporter; shape: string }
  : Row extends { import: 'suite' }
    ? { importer: SuiteImporter; shape: string }
    : { importer?: never }) &
  (Row extends { export: object } ? { exporter: AgentExporter } : { exporter?: never });

/** The rows of the table whose files are read or written here (call logs are src-main/transcripts/call-readers.ts). */
type FileFormatRow = Extract<FormatTableRow, { import: string } | { export: object }>;

/**
 * THE main-side table of the formats of src-shared/formats/format-table.ts: for each id its importer
 * (`detect`, `schema`, `import`), the shape detection names when nothing matched, and its exporter (which
 * reports what it drops while it renders). Detection tries the importers IN THE ORDER WRITTEN HERE (agent
 * files first, then suites; Vapi evals and ElevenLabs tests before the Parley suite: an array of them has
 * names too, `{tests: [...]}` of them is not a Parley suite); messages list the shapes in the table's order.
 */
export const FORMAT_DEFINITIONS: { readonly [Row in FileFormatRow as Row['id']]: Definition<Row> } = {
  parley: {
    importer: parleyImporter,
    exporter: parleyExporter,
    shape: '{"format": "parley", "version": 1, "agent": ...} or a bare Parley graph',
  },
  voicetest: { importer: voicetestImporter, exporter: voicetestExporter, shape: 'entry_node_id + a nodes map' },
  revring: { importer: revringImporter, exporter: revringExporter, shape: 'schemaVersion + begin + nodes + edges' },
  'retell-cf': {
    importer: retellCfImporter,
    exporter: retellCfExporter,
    shape: 'start_node_id + nodes, or {conversationFlow: ...}',
  },
  'retell-llm': {
    importer: retellLlmImporter,
    exporter: retellLlmExporter,
    shape: 'general_prompt / states / llm_id, or {retellLlmData: ...}',
  },
  elevenlabs: {
    importer: elevenlabsImporter,
    exporter: elevenlabsExporter,
    shape: 'conversation_config.agent (+ workflow)',
  },
  'bland-pathway': { importer: blandPathwayImporter, shape: 'nodes[] with data objects + edges[]' },
  bland: {
    importer: blandImporter,
    exporter: blandExporter,
    shape: 'prompt + first_sentence / voice_id / transfer_list / phone_number...',
  },
  telnyx: {
    importer: telnyxImporter,
    exporter: telnyxExporter,
    shape: 'instructions + model string / greeting / voice_settings, or {data: [assistants]}',
  },
  'vapi-squad': { importer: vapiSquadImporter, shape: 'members[] with assistants' },
  vapi: { importer: vapiImporter, exporter: vapiExporter, shape: 'model.messages / firstMessage' },
  livekit: {
    importer: livekitImporter,
    exporter: livekitExporter,
    shape: 'a .py file with a class deriving from livekit.agents Agent',
  },
  xlsform: { importer: xlsformImporter, shape: 'an .xlsx workbook with a survey sheet (type, name, label)' },
  mermaid: { exporter: mermaidExporter },
  'vapi-evals': {
    importer: vapiEvalsImporter,
    shape: '{"type": "chat.mockConversation", "messages": [...]} or an array of them',
  },
  'elevenlabs-tests': {
    importer: elevenlabsTestsImporter,
    shape: 'chat_history + success_condition or tool_call_parameters (one, an array, or {tests})',
  },
  'parley-suite': { importer: parleySuiteImporter, shape: '{"tests": [...]}' },
  'voicetest-tests': { importer: voicetestTestsImporter, shape: 'an array of tests with name and user_prompt' },
};

type AnyDefinition = { importer?: AgentImporter | SuiteImporter; exporter?: AgentExporter; shape?: string };
const ENTRIES = Object.entries(FORMAT_DEFINITIONS) as [DetectedFormat | ExportFormat, AnyDefinition][];
const importersOf = <I>(ids: readonly string[]): readonly I[] =>
  ENTRIES.flatMap(([id, d]) => (d.importer && ids.includes(id) ? [d.importer as I] : []));

/** Tried in this order; the first whose `detect` accepts the file wins. */
export const AGENT_IMPORTERS: readonly AgentImporter[] = importersOf<AgentImporter>(AGENT_FORMATS);
export const SUITE_IMPORTERS: readonly SuiteImporter[] = importersOf<SuiteImporter>(SUITE_FORMATS);

export const EXPORTERS = Object.fromEntries(
  ENTRIES.flatMap(([id, d]) => (d.exporter ? [[id, d.exporter]] : [])),
) as Readonly<Record<ExportFormat, AgentExporter>>;

/** The shape detection expected of a format, for messages naming what a file should have been. */
export function shapeOf(format: DetectedFormat): string | undefined {
  return (FORMAT_DEFINITIONS as Readonly<Record<string, AnyDefinition>>)[format]?.shape;
}

export function importerFor(format: DetectedFormat): AgentImporter | SuiteImporter | undefined {
  return AGENT_IMPORTERS.find((i) => i.id === format) ?? SUITE_IMPORTERS.find((i) => i.id === format);
}
